/** Socket.io event names of the wire contract (../shared/PROTOCOL.md), client -> server. */
export const CLIENT_EVENTS = [
  'queue:join',
  'queue:leave',
  'match:join',
  'match:leave',
  'match:moves',
  'match:move',
  'match:resign',
  'match:draw',
  'match:abort',
  'match:claim',
  'match:rematch',
] as const;

export const matchRoom = (matchId: string) => `match:${matchId}`;
export const playerRoom = (playerId: string) => `player:${playerId}`;
