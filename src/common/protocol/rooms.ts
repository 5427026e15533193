/** The socket.io rooms an event goes to. */

/** The room of a match's broadcasts (players and spectators), and of each player's sockets. */
export const matchRoom = (matchId: string) => `match:${matchId}`;
export const playerRoom = (playerId: string) => `player:${playerId}`;

/** Who looks at a challenge's page (`challenge:watch`), and the lobby's subscribers. */
export const challengeRoom = (challengeId: string) => `challenge:${challengeId}`;
export const LOBBY_ROOM = 'lobby';

/** A game's spectators (sockets that joined it and do not play in it): their chat room. */
export const spectatorsRoom = (matchId: string) => `spectators:${matchId}`;

/** Who looks at a tournament's page (`tournament:watch`): its updates. */
export const tournamentRoom = (tournamentId: string) => `tournament:${tournamentId}`;
