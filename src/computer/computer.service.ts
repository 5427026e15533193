/**
 * The computer as a player. A game against it is an ordinary match whose one side is the
 * computer's player row (one per level); its moves go through the same pipeline as a person's
 * (MovementService: validated, durable, then broadcast) and its clock runs like anyone's.
 *
 * Who moves for it: every process hears the cluster's match events (ClusterBus.subscribe)
 * and, when it is the computer's turn, CLAIMS the ply with one conditional UPDATE (only one
 * process can set the claim for a ply while it holds); the winner searches in the engine pool
 * and plays. A claim lapses after the thinking time plus a margin, so a process that dies
 * mid-thought is replaced: every process also sweeps for computer turns nobody holds (at start:
 * games resumed after a restart). Even two moves computed for one ply could not both land: the
 * move write is version-checked, so exactly one move per ply is ever stored.
 */
import { randomInt } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { every, type Loop } from '../common/every.js';
import type { ComputerSide, TimeControl } from '../common/protocol.js';
import { CONFIG, type Config } from '../config.js';
import { level as levelOf } from '../engine/index.js';
import {
  clockOf,
  ComputerClaims,
  MatchQueries,
  MatchStarter,
  MovementService,
} from '../matches/index.js';
import { computerPlayerId } from '../persistence/computer-players.js';
import type { Match } from '../persistence/entities/index.js';
import type { PlayerIdentity } from '../players/players.service.js';
import { opponent, type Color, type VariantId } from '../rules/index.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { ClusterBus } from '../realtime/cluster-bus.js';
import { type Announcement } from '../realtime/announcement.js';
import { computerIdentity } from './computer-identity.js';
import { ComputerManners } from './computer-manners.js';
import { EnginePool, type Thinking } from './engine-pool.js';
import { thinkTime } from './think-time.js';

/** A claim outlives the thinking time by this much (queue wait, write, a slow machine). */
const CLAIM_MARGIN_MS = 5_000;

/** Codes that mean the game moved on while the computer thought: nothing to do. */
const MOVED_ON = new Set(['MATCH_OVER', 'NOT_YOUR_TURN', 'NOT_FOUND']);

@Injectable()
export class ComputerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Computer');
  /** Active games against the computer that this process has heard of. */
  private readonly games = new Map<string, ComputerSide>();
  /** This process's searches in progress, by match. */
  private readonly thinking = new Map<string, Thinking | null>();
  private loop: Loop | null = null;
  private sweeping = false;
  private closing = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly claims: ComputerClaims,
    private readonly queries: MatchQueries,
    private readonly starter: MatchStarter,
    private readonly movement: MovementService,
    private readonly work: UnitOfWork,
    private readonly bus: ClusterBus,
    private readonly pool: EnginePool,
    private readonly manners: ComputerManners,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.bus.subscribe((n, here) => this.heard(n, here));
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const g of await this.queries.computerGames())
      this.games.set(g.id, { color: g.color, level: g.level });
    await this.sweep();
    this.loop = every(this.config.computerSweepMs, () => this.sweep());
  }

  /** Stops thinking and gives the claims back, so another process (or the restart) goes on. */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    this.loop?.stop();
    const held = [...this.thinking.keys()];
    for (const t of this.thinking.values()) t?.stop();
    if (held.length > 0) await this.claims.release(held).catch(() => undefined);
  }

  /** `computer:play`: a new game against the computer at `level`, started at once. */
  async start(
    player: PlayerIdentity,
    variant: VariantId,
    clock: TimeControl | null,
    level: number,
    color: Color | 'random',
    fen?: string,
  ): Promise<{ matchId: string }> {
    if (this.pool.full)
      throw new DomainError('ENGINE_BUSY', 'the computer is busy: try again shortly');
    const human = color === 'random' ? (randomInt(2) === 0 ? 'white' : 'black') : color;
    const computer = computerPlayerId(level);
    const [whiteId, blackId] = human === 'white' ? [player.id, computer] : [computer, player.id];
    const side: ComputerSide = { color: opponent(human), level };
    const [made] = await this.work.transaction(this.db, (em, say, after) =>
      this.starter.start(em, say, after, [
        { variant, whiteId, blackId, clock, computer: side, ...(fen ? { fen } : {}) },
      ]),
    );
    return { matchId: made.match.id };
  }

  /** Every match event this process hears: the computer's turn, an offer to it, an end. */
  private heard(n: Announcement, here: boolean): void {
    if (this.closing) return;
    if (n.event === 'match:start' && n.payload.computer) {
      this.games.set(n.topic, n.payload.computer);
      if (n.payload.turn === n.payload.computer.color) this.play(n.topic);
      return;
    }
    // A rematch is offered after the end, when the game is no longer followed here.
    if (n.event === 'match:rematch' && n.payload.action === 'offer' && here) {
      void this.manners.answerRematch(n.topic, n.payload.by).catch((e: unknown) => this.warn(e));
      return;
    }
    const side = this.games.get(n.topic);
    if (!side) return;
    switch (n.event) {
      case 'match:move':
        if (n.payload.turn === side.color) this.play(n.topic);
        break;
      case 'match:end':
        this.games.delete(n.topic);
        this.thinking.get(n.topic)?.stop();
        break;
      case 'match:draw':
        // Answered by the process that heard the offer first-hand, so it is answered once.
        if (here && n.payload.action === 'offer' && n.payload.by !== side.color)
          void this.manners.answerDraw(n.topic, side).catch((e: unknown) => this.warn(e));
        break;
      default:
        break;
    }
  }

  /** Computer turns nobody holds: after a restart, a process gone mid-thought, a missed event. */
  async sweep(): Promise<number> {
    if (this.sweeping || this.closing || !this.db.isInitialized) return 0;
    this.sweeping = true;
    try {
      const due = await this.queries.computerTurnsUnheld(500);
      for (const g of due) {
        this.games.set(g.id, { color: g.color, level: g.level });
        this.play(g.id);
      }
      return due.length;
    } catch (e) {
      if (!this.closing) this.warn(e);
      return 0;
    } finally {
      this.sweeping = false;
    }
  }

  /** Thinks and moves for the computer in `matchId` if this process wins the ply's claim. */
  private play(matchId: string): void {
    if (this.thinking.has(matchId) || this.closing) return;
    this.thinking.set(matchId, null); // held from here: one search per match per process
    this.think(matchId)
      .catch((e: unknown) => {
        if (e instanceof DomainError && MOVED_ON.has(e.code)) return;
        this.warn(e);
        // Given back at once (e.g. ENGINE_BUSY): the next sweep tries again.
        return this.release(matchId);
      })
      .finally(() => this.thinking.delete(matchId));
  }

  private async think(matchId: string): Promise<void> {
    const match = await this.claim(matchId);
    if (!match || match.computerColor === null || match.computerLevel === null) return;
    const level = levelOf(match.computerLevel);
    const clock = clockOf(match);
    const movetime = thinkTime(
      level.movetime * this.config.computerThinkScale,
      clock && { left: clock[match.computerColor], increment: match.clockIncrement ?? 0 },
    );
    const thinking = this.pool.think({
      variant: match.variant,
      fen: match.fen,
      counters: match.counters,
      limits: { movetime, depth: level.depth, nodes: level.nodes },
      // Always due: a crowded pool shortens searches (weaker moves) rather than keeping a
      // player waiting beyond the level's time, clock or not.
      notAfter: Date.now() + movetime,
      evalKind: level.evalKind,
      randomMargin: level.randomMargin,
      letGo: level.letGo,
    });
    this.thinking.set(matchId, thinking);
    const reply = await thinking.reply;
    // The game ended (or this process is closing) meanwhile: the move is not wanted.
    if (thinking.stopped || !reply.bestMove) return;
    // For the ply it claimed: a takeback meanwhile must not land this move on another position.
    await this.movement.move(computerIdentity(match.computerLevel), matchId, {
      ply: match.ply,
      path: reply.bestMove.path,
    });
  }

  /** The match, if this process now holds the claim on its current ply; else null. */
  private async claim(matchId: string): Promise<Match | null> {
    const hold =
      levelOf(this.games.get(matchId)?.level ?? 8).movetime * this.config.computerThinkScale +
      CLAIM_MARGIN_MS;
    return (await this.claims.claim(matchId, hold)) ? this.queries.load(matchId) : null;
  }

  private async release(matchId: string): Promise<void> {
    await this.claims.release([matchId]).catch(() => undefined);
  }

  private warn(e: unknown): void {
    this.log.warn(e instanceof Error ? e.message : String(e));
  }
}
