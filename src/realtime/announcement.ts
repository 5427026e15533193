/**
 * What the server says to rooms: one event of the contract, its payload, the room's topic and the
 * players who hear it on their own sockets too. Built only by announcement(), so an event and its
 * payload always agree.
 */
import type { RoomEvent, ServerPayload } from '../common/protocol.js';

/**
 * One event to a room and to players' rooms. The room is the topic's: a match's for `match:*`
 * (topic = the match id), a challenge's for `challenge:*` (its id), a tournament's for
 * `tournament:*` (its id), the lobby for `lobby:*`.
 */
export type Announcement = {
  [E in RoomEvent]: {
    topic: string;
    event: E;
    payload: ServerPayload<E>;
    /** The players get it on their own sockets too (they may not have joined the room yet). */
    players: readonly string[];
  };
}[RoomEvent];

/** The arguments of an announcement: one event and ITS payload (a union of tuples, one per event). */
type AnnounceArgs = {
  [E in RoomEvent]: [
    topic: string,
    event: E,
    payload: ServerPayload<E>,
    players?: readonly string[],
  ];
}[RoomEvent];

/** Says an event of the contract inside a transaction (heard if, and only if, it commits). */
export type Say = (...args: AnnounceArgs) => void;

/** Leaves `then` to run once the transaction has committed (never if it rolls back). */
export type AfterCommit = (then: () => void) => void;

/** An announcement of `event` (the one way to build one, so payload and event agree). */
export const announcement = (...[topic, event, payload, players = []]: AnnounceArgs) =>
  ({ topic, event, payload, players }) as Announcement;

/**
 * An in-process listener told every room event this process hears: `here` when this process
 * committed it, else it came from another process. Services that act on events of the cluster
 * (the computer player, presence, the bot streams) listen instead of being called by the writers.
 */
export type Listener = (n: Announcement, here: boolean) => void;
