/**
 * A `pg`-shaped driver over one embedded PGlite database, for TypeORM's postgres driver.
 *
 * PGlite is a single session. Sharing it between TypeORM's query runners (as typeorm-pglite
 * does) interleaves concurrent transactions: writes are silently lost and a failed transaction's
 * rows are committed by a neighbour (docs/ARCHITECTURE.md, Databases). So this pool has ONE client and
 * lends it to one query runner at a time, in FIFO order, until it is released; a runner released
 * inside a transaction is rolled back first. Consequence for callers: inside a transaction use
 * only the transaction's EntityManager (a second connection would wait for the first forever).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

interface QueryResult {
  rows: unknown[];
  rowCount: number;
  command: string;
  fields: { name: string; dataTypeID: number }[];
}

type Callback<T> = (err: Error | null, value?: T) => void;

/** The one client: queries go straight to PGlite; transaction state is tracked to clean up. */
class SessionClient {
  inTransaction = false;

  constructor(private readonly db: PGlite) {}

  query(
    text: string,
    params?: unknown[] | Callback<QueryResult>,
    cb?: Callback<QueryResult>,
  ): Promise<QueryResult> | void {
    if (typeof params === 'function')
      return void this.run(text, []).then(
        (r) => params(null, r),
        (e: Error) => params(e),
      );
    const p = this.run(text, params ?? []);
    if (cb)
      return void p.then(
        (r) => cb(null, r),
        (e: Error) => cb(e),
      );
    return p;
  }

  private async run(text: string, params: unknown[]): Promise<QueryResult> {
    const command = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? '';
    if (command === 'START' || command === 'BEGIN') this.inTransaction = true;
    if (command === 'COMMIT' || command === 'ROLLBACK' || command === 'END')
      this.inTransaction = false;
    if (
      params.length === 0 &&
      text.includes(';') &&
      text.trim().replace(/;\s*$/, '').includes(';')
    ) {
      // Several statements without parameters (migrations may send them): the simple protocol.
      const results = await this.db.exec(text);
      const last = results[results.length - 1];
      return {
        rows: last?.rows ?? [],
        rowCount: last?.affectedRows ?? 0,
        command,
        fields: last?.fields ?? [],
      };
    }
    const r = await this.db.query(text, params);
    const rowCount =
      command === 'SELECT' || command === 'WITH'
        ? r.rows.length
        : (r.affectedRows ?? r.rows.length);
    return { rows: r.rows, rowCount, command, fields: r.fields };
  }

  // pg clients are event emitters; TypeORM only attaches and detaches listeners.
  on(): this {
    return this;
  }
  removeListener(): this {
    return this;
  }
}

export interface PglitePoolOptions {
  /** A directory, or undefined / 'memory://' for an in-memory database. */
  dataDir?: string;
}

/** Builds the `driver` option for TypeORM: an object with a pg-compatible `Pool`. */
export function pgliteDriver(dataDir: string | undefined): { Pool: new () => SessionPool } {
  return {
    Pool: class extends SessionPool {
      constructor() {
        super(dataDir);
      }
    },
  };
}

export class SessionPool {
  private readonly db: PGlite;
  private readonly client: SessionClient;
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  constructor(dataDir: string | undefined) {
    const memory = dataDir === undefined || dataDir.startsWith('memory://');
    if (!memory) mkdirSync(dataDir, { recursive: true });
    this.db = new PGlite(memory ? undefined : dataDir);
    this.client = new SessionClient(this.db);
  }

  on(): this {
    return this;
  }

  /** Lends the session when it is free: callback style, as TypeORM calls it. */
  connect(
    cb: (err: Error | null, client?: SessionClient, release?: (err?: unknown) => void) => void,
  ): void {
    this.acquire().then(
      () => cb(null, this.client, (err?: unknown) => void this.release(err)),
      (e: Error) => cb(e),
    );
  }

  /** A query outside any lent session still waits its turn, so it cannot land in a transaction. */
  async query(text: string, params?: unknown[]): Promise<QueryResult> {
    await this.acquire();
    try {
      return (await this.client.query(text, params)) as QueryResult;
    } finally {
      await this.release();
    }
  }

  end(cb?: (err?: Error) => void): Promise<void> {
    const p = this.db.close();
    if (cb)
      p.then(
        () => cb(),
        (e: Error) => cb(e),
      );
    return p;
  }

  private async acquire(): Promise<void> {
    await this.db.waitReady;
    if (!this.busy) {
      this.busy = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private async release(_err?: unknown): Promise<void> {
    if (this.client.inTransaction) {
      // Never hand a half-done transaction to the next borrower.
      await this.db.query('ROLLBACK').catch(() => undefined);
      this.client.inTransaction = false;
    }
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
}
