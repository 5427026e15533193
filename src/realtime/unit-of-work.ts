/**
 * The unit of work: a change and what it says, together. `transaction(db, (em, say, after) =>
 * ...)` runs a change in one database transaction; what it says is heard if, and only if, it
 * commits, and what it leaves for `after` runs once it has committed (this process's caches).
 *
 * On PostgreSQL each announcement is a NOTIFY issued in the transaction: the database delivers it
 * to every server process at COMMIT, and only then, so a move that is durable reaches every
 * player even if the process that committed it dies the next instant (before it could have
 * broadcast anything itself). The committing process emits to its own sockets right after the
 * commit and skips its own echo; the others emit theirs when the NOTIFY arrives (ClusterBus). On
 * the embedded PGlite there is one process: announcements are emitted right after the commit.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { announcement, type AfterCommit, type Announcement, type Say } from './announcement.js';
import { ClusterBus } from './cluster-bus.js';
import { Rooms } from './rooms.js';

@Injectable()
export class UnitOfWork {
  private readonly log = new Logger('UnitOfWork');

  constructor(
    private readonly bus: ClusterBus,
    private readonly rooms: Rooms,
  ) {}

  /**
   * Runs `fn` in a transaction; what it says is announced if, and only if, it commits. With
   * `commitOrder`, this process hears it by its NOTIFY too instead of at once, so every process
   * emits such announcements in the order the database committed them (presence: the last
   * notice a room gets is the state the database was left in).
   */
  async transaction<T>(
    db: DataSource,
    fn: (em: EntityManager, say: Say, after: AfterCommit) => Promise<T>,
    opts: { commitOrder?: boolean } = {},
  ): Promise<T> {
    // Per attempt: what a rolled-back attempt said or left for later is never heard or run.
    let notes: Announcement[] = [];
    let afters: (() => void)[] = [];
    let late: Announcement[] = [];
    const result = await db.transaction(async (em) => {
      notes = [];
      afters = [];
      late = [];
      const said = notes;
      const say: Say = (...args) => said.push(announcement(...args));
      const r = await fn(em, say, (then) => afters.push(then));
      const texts: string[] = [];
      for (const n of notes) {
        const text = this.bus.notifyText(n, opts.commitOrder);
        if (text !== null) texts.push(text);
        else late.push(n);
      }
      // All of them in one round trip, in order.
      if (texts.length > 0)
        await em.query(
          'SELECT pg_notify($1, t) FROM unnest($2::text[]) WITH ORDINALITY AS n(t, i) ORDER BY i',
          [this.bus.notifyChannel, texts],
        );
      return r;
    });
    // Before anyone hears of it: what this process does once the change is durable. The change
    // has committed: a hook that fails is logged, and the announcements still go.
    for (const then of afters) {
      try {
        then();
      } catch (e) {
        this.log.error(`after-commit hook failed: ${String(e)}`);
      }
    }
    // In commit order: only what did not go by NOTIFY is emitted from here.
    this.committed(opts.commitOrder ? late : notes, late);
    return result;
  }

  /**
   * After a commit that carried `notes` (the move batch commits its own): this process's sockets
   * hear everything now; what could not go by NOTIFY (`late`) also goes to the other processes
   * through the adapter; then this process's listeners are told.
   */
  committed(notes: readonly Announcement[], late: readonly Announcement[]): void {
    if (this.bus.byRedis) {
      // Redis: nothing went by NOTIFY but commit-order ones; the rest is published now.
      for (const n of notes) this.rooms.emitLocal(n);
      this.bus.publish(late);
    } else {
      for (const n of notes) if (!late.includes(n)) this.rooms.emitLocal(n);
      for (const n of late) this.rooms.emitCluster(n);
    }
    for (const n of notes) this.bus.tell(n, true);
  }
}
