/**
 * Game streams (GET /api/{bot|board}/game/stream/:id): `gameFull` first, then a `gameState`
 * after every change, `opponentGone` when the opponent's connection goes or comes back; the
 * stream ends after the game does.
 *
 * Each stream follows the room's events as this process hears them (its own commits, and the
 * others' by NOTIFY). Its lines go out one at a time (a queue per stream), each only if it says
 * something new, so nothing is sent twice; an event it cannot place (a move past the next ply,
 * an end at another ply) makes it read the game again, so nothing is skipped. A client whose
 * process died reconnects anywhere and gets `gameFull` again. With Redis, a publish lost after
 * its commit is found by RoomSync, which follows the games streamed here too.
 */
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DomainError } from '../common/errors.js';
import type { OpponentGoneLine } from '../common/protocol.js';
import { MatchesService, MatchQueries, PresenceService, RoomSync } from '../matches/index.js';
import { ClusterBus } from '../realtime/cluster-bus.js';
import { Connections } from '../realtime/connections.js';
import { type Announcement } from '../realtime/announcement.js';
import type { Color } from '../rules/index.js';
import { TOKEN_REVOKED, TokensService, type TokenHolder } from '../tokens/tokens.service.js';
import { follow, fullLine, moveText, stateLine, trackOf, type GameTrack } from './game-lines.js';
import { NdjsonStream } from './ndjson.js';
import { countAsConnected } from './stream-presence.js';
import { watchToken } from './token-watch.js';

interface Session {
  player: TokenHolder;
  matchId: string;
  out: NdjsonStream;
  color: Color;
  track: GameTrack | null;
  /** The last gameState said (as sent), to say only what is new. */
  said: string;
  /** Whether the stream last said the opponent is gone. */
  gone: boolean;
}

@Injectable()
export class GameStreamsService implements OnModuleDestroy {
  private readonly log = new Logger('GameStreams');
  private readonly byMatch = new Map<string, Set<Session>>();
  /** Shutting down: streams opened from now on close at once (the HTTP server waits for them). */
  private closing = false;

  constructor(
    private readonly queries: MatchQueries,
    private readonly matches: MatchesService,
    private readonly presence: PresenceService,
    private readonly bus: ClusterBus,
    private readonly connections: Connections,
    private readonly tokens: TokensService,
    private readonly roomSync: RoomSync,
  ) {
    this.bus.subscribe((n) => this.heard(n));
    this.roomSync.alsoFollow((id) => this.byMatch.has(id));
    this.bus.onSignal(TOKEN_REVOKED, (tokenId) => {
      for (const set of this.byMatch.values())
        for (const s of set) if (s.player.tokenId === tokenId) s.out.close();
    });
    // The cluster listener was away: a move or an end it missed is read from the database.
    this.bus.onResync(() => {
      for (const set of this.byMatch.values())
        for (const s of set) this.step(s, () => this.reread(s));
    });
  }

  /** Checks that `player` plays the game (before anything is written), then streams it. */
  async open(player: TokenHolder, matchId: string, start: () => NdjsonStream): Promise<void> {
    const match = await this.queries.load(matchId);
    if (match.whiteId !== player.id && match.blackId !== player.id)
      throw new DomainError('NOT_A_PLAYER', 'you do not play in this game');
    const out = start();
    if (this.closing) return out.close();
    const s: Session = {
      player,
      matchId,
      out,
      color: match.whiteId === player.id ? 'white' : 'black',
      track: null,
      said: '',
      gone: false,
    };
    const set = this.byMatch.get(matchId) ?? new Set<Session>();
    set.add(s);
    this.byMatch.set(matchId, set);
    countAsConnected(out, player.id, this.connections, this.presence);
    watchToken(out, player.tokenId, this.tokens);
    out.onClosed(() => {
      set.delete(s);
      if (set.size === 0 && this.byMatch.get(matchId) === set) this.byMatch.delete(matchId);
    });
    // Events heard from now on queue up behind the first read: none is lost, none said twice.
    this.step(s, async () => {
      const { track, full, gone } = await this.snapshot(s);
      s.track = track;
      this.roomSync.joined({ id: matchId, ply: track.ply, fen: track.fen, status: track.status });
      s.said = JSON.stringify(full.state);
      out.send(full);
      if (gone) {
        s.gone = true;
        out.send(gone);
      }
      if (track.status === 'finished') out.close();
    });
  }

  /** Before the HTTP server closes (it waits for open responses). */
  onModuleDestroy(): void {
    this.closing = true;
    for (const set of this.byMatch.values()) for (const s of set) s.out.close();
  }

  private heard(n: Announcement): void {
    if (!n.event.startsWith('match:') && n.event !== 'chat:line') return;
    const set = this.byMatch.get(n.topic);
    if (!set) return;
    for (const s of set) this.step(s, () => this.apply(s, n));
  }

  private step(s: Session, fn: () => Promise<void> | void): void {
    s.out.step(fn, (e) => this.log.warn(`stream of ${s.matchId}: ${String(e)}`));
  }

  private async apply(s: Session, n: Announcement): Promise<void> {
    if (!s.track) return;
    if (n.event === 'match:presence') {
      // Only changes: the first read may already have said what this notice says.
      if (n.payload.color === s.color || n.payload.online !== s.gone) return;
      s.gone = !n.payload.online;
      s.out.send(s.gone ? goneLine(n.payload.claimAt) : { type: 'opponentGone', gone: false });
      return;
    }
    // A draw notice carries no ply: it may be older than what the stream has said (heard before
    // the first read, committed before it). The offer is read where it stands instead.
    if (n.event === 'match:draw') return this.reread(s);
    // A takeback goes back some plies: the game as it stands now says it.
    if (n.event === 'match:takeback') return this.reread(s);
    if (n.event === 'chat:line') {
      // A players' line goes to those it is said to (a troll's or a blocked one's: its author).
      if (n.payload.room === 'players' && n.players.includes(s.player.id))
        s.out.send({
          type: 'chatLine',
          room: 'player',
          username: n.payload.by.name,
          text: n.payload.text,
        });
      return;
    }
    if (n.event !== 'match:move' && n.event !== 'match:end') return;
    const next = follow(s.track, n);
    if (next === 'same') return;
    s.track = next === 'gap' ? (await this.snapshot(s)).track : next;
    // A move that ends the game is said with its end, which comes right after it.
    if (next !== 'gap' && n.event === 'match:move' && n.payload.turn === null) return;
    this.say(s);
  }

  /**
   * Reads the game again and says what changed. At the same ply the clocks stay as said: a read
   * charges the running clock up to now, which alone is no change worth a line.
   */
  private async reread(s: Session): Promise<void> {
    const was = s.track;
    if (!was || was.status !== 'active') return;
    const { track: now, gone } = await this.snapshot(s);
    // Only the same game at the same ply keeps its clocks as said (a takeback and a new move
    // may bring the ply back with other moves and other clocks).
    const same = now.ply === was.ply && now.moves.join(' ') === was.moves.join(' ');
    s.track = same && now.status === 'active' ? { ...now, clock: was.clock } : now;
    // The opponent's presence too: a notice of it may have been missed as well.
    if (now.status === 'active' && Boolean(gone) !== s.gone) {
      s.gone = Boolean(gone);
      s.out.send(gone ?? { type: 'opponentGone', gone: false });
    }
    this.say(s);
  }

  /** A gameState, if it says something the stream has not said yet; the end closes it. */
  private say(s: Session): void {
    const track = s.track as GameTrack;
    const line = stateLine(track);
    const text = JSON.stringify(line);
    if (text !== s.said) {
      s.said = text;
      s.out.send(line);
    }
    if (track.status === 'finished') s.out.close();
  }

  /** The game as stored now: its state, its moves up to that state's ply, the opponent's absence. */
  private async snapshot(s: Session) {
    let match = await this.queries.load(s.matchId);
    let state = await this.matches.stateOf(match);
    let rows = await this.movesUpTo(s.matchId, state.ply);
    // A takeback between the two reads took moves away: read both again (it is rare and quick).
    for (let i = 0; i < 3 && rows.length !== state.ply; i++) {
      match = await this.queries.load(s.matchId);
      state = await this.matches.stateOf(match);
      rows = await this.movesUpTo(s.matchId, state.ply);
    }
    const track = trackOf(state, rows.map(moveText));
    const away = s.color === 'white' ? match.blackAbsentSince : match.whiteAbsentSince;
    const gone =
      away && state.status === 'active' ? goneLine(away.getTime() + this.presence.graceMs) : null;
    return { track, full: fullLine(state, track), gone };
  }

  private movesUpTo(matchId: string, ply: number) {
    return this.queries.moves(matchId, ply);
  }
}

function goneLine(claimAt: number | undefined): OpponentGoneLine {
  if (claimAt === undefined) return { type: 'opponentGone', gone: true };
  return {
    type: 'opponentGone',
    gone: true,
    claimAt,
    claimWinInSeconds: Math.max(0, Math.ceil((claimAt - Date.now()) / 1000)),
  };
}
