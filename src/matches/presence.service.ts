/**
 * Who is connected to their games. When a player's last socket goes, each of their active games
 * records since when they are away and tells the room (with the time from which the opponent may
 * claim the win); coming back clears it. The clock keeps running meanwhile. Correspondence games
 * are left out: their players come and go between moves.
 *
 * Why no reconnect (or leave) is lost, with one process or several: counting a player's sockets
 * and writing cannot be one step, so a run counts, writes conditionally (mark only the unmarked,
 * clear only the marked) and, if that changed anything, counts again and writes again while the
 * count changes. A socket counts from before its connect handler runs until before its
 * disconnect handler runs, and each handler starts a run. Take the last write that changed
 * anything: its run counted after it. If no socket came or went since, that count holds; if one
 * did, that socket's run counted later and its write changed nothing (else it would be the last
 * one), so the state already matched. Each change tells the rooms in its own transaction (on
 * PostgreSQL by NOTIFY, which every process emits in commit order), so the last notice is the
 * last change. Within a process a player's runs go one at a time; events that arrive while one
 * waits are covered by it (it has not counted yet).
 */
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { ClusterBus } from '../realtime/cluster-bus.js';
import { Connections } from '../realtime/connections.js';
import { CONFIG, type Config } from '../config.js';
import { TIME, type TimeSource } from '../common/time.js';
import type { PresenceEvent } from '../common/protocol.js';
import { MatchStore } from './match-store.js';

@Injectable()
export class PresenceService {
  /** Per player: the end of their queued work here, and a run not yet started (if any). */
  private readonly runs = new Map<string, { last: Promise<void>; waiting: Promise<void> | null }>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: MatchStore,
    private readonly work: UnitOfWork,
    private readonly bus: ClusterBus,
    private readonly connections: Connections,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(TIME) private readonly time: TimeSource,
  ) {
    // A game may start with a player away (a challenge accepted while its maker has no tab or
    // stream open): their absence counts from the start, so the opponent is told and may claim.
    // The process that started it checks; one already connected costs no write.
    this.bus.subscribe((n, here) => {
      if (!here || n.event !== 'match:start' || n.payload.correspondence) return;
      const { white, black, computer } = n.payload;
      for (const [color, p] of [
        ['white', white],
        ['black', black],
      ] as const)
        if (computer?.color !== color) void this.checkAway(p.id).catch(() => undefined);
    });
  }

  private async checkAway(playerId: string): Promise<void> {
    // Unsure (another process did not answer in time) counts as present: marking a player
    // away wrongly would stand until they next connect or leave.
    if (!(await this.connections.hasSockets(playerId, true))) await this.settle(playerId);
  }

  get graceMs(): number {
    return this.config.disconnectGraceMs;
  }

  connected(playerId: string): Promise<void> {
    return this.settle(playerId);
  }

  disconnected(playerId: string): Promise<void> {
    return this.settle(playerId);
  }

  /** Brings the player's games in line with their sockets, after any work already queued. */
  private settle(playerId: string): Promise<void> {
    let entry = this.runs.get(playerId);
    // A run that has not counted yet will count after this event too.
    if (entry?.waiting) return entry.waiting;
    if (!entry) {
      entry = { last: Promise.resolve(), waiting: null };
      this.runs.set(playerId, entry);
    }
    const own = entry;
    const run = own.last.then(() => {
      own.waiting = null;
      return this.reconcile(playerId);
    });
    const done = run.catch(() => undefined);
    own.waiting = run;
    own.last = done;
    void done.then(() => {
      if (own.last === done) this.runs.delete(playerId);
    });
    return run;
  }

  private async reconcile(playerId: string): Promise<void> {
    let here = await this.connections.hasSockets(playerId);
    for (;;) {
      if (!(await this.write(playerId, here))) return;
      // A reconnect (or a leave) may have come between the count and the write: count again.
      const now = await this.connections.hasSockets(playerId);
      if (now === here) return;
      here = now;
    }
  }

  /**
   * Clears (`here`) or sets the absence of `playerId` in their active games where it is not so
   * already, telling each room; whether any game changed.
   */
  private async write(playerId: string, here: boolean): Promise<boolean> {
    const since = here ? null : this.time.now();
    const claimAt = since && since.getTime() + this.graceMs;
    return this.work.transaction(
      this.db,
      async (em, say) => {
        const rows = await this.store.markAbsence(em, playerId, since);
        for (const row of rows) {
          const p: PresenceEvent = {
            matchId: row.id,
            color: row.color,
            online: here,
            // claimInMs too: a browser whose clock is off counts down from its own clock.
            ...(claimAt !== null && { claimAt, claimInMs: this.graceMs }),
          };
          say(row.id, 'match:presence', p);
        }
        return rows.length > 0;
      },
      { commitOrder: true },
    );
  }
}
