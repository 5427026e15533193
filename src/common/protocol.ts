/**
 * The wire contract of docs/PROTOCOL.md as TypeScript types: the shapes, the error codes, and
 * both directions' socket.io events. The server, the browser client, the e2e harness, the load
 * generator and the cluster test all speak it from this one definition (socket.io's typed
 * `Server` / `Socket` take the two event maps). One file per area under protocol/; this is
 * their one entrance.
 */
export * from './protocol/errors.js';
export * from './protocol/speed.js';
export * from './protocol/match.js';
export * from './protocol/analysis.js';
export * from './protocol/profiles.js';
export * from './protocol/tokens.js';
export * from './protocol/bot-api.js';
export * from './protocol/challenges.js';
export * from './protocol/chat.js';
export * from './protocol/settings.js';
export * from './protocol/tournaments.js';
export * from './protocol/puzzles.js';
export * from './protocol/notifications.js';
export * from './protocol/social.js';
export * from './protocol/tv.js';
export * from './protocol/marks.js';
export * from './protocol/moderation.js';
export * from './protocol/fairplay.js';
export * from './protocol/explorer.js';
export * from './protocol/events.js';
export * from './protocol/rooms.js';
