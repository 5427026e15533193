/**
 * A real PostgreSQL streaming standby of the local server, for the read replica's tests and
 * benchmark: `pg_basebackup -R -X stream` into a directory of its own, started on a free port
 * (PostgreSQL's own replication, no mock). The primary's pg_hba.conf gets the loopback
 * replication line it needs if it lacks it (a superuser reloads it; the file must be writable,
 * as it is for root on CI). Replay can be paused, so a test sees the lag it reasons about.
 */
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './redis-server.js';

export interface Standby {
  /** postgres://postgres@127.0.0.1:<port>/<the primary's database> */
  readonly url: string;
  readonly port: number;
  /** Replay stops where it is (the standby still receives WAL): reads see an older database. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Resolves once the standby has replayed everything the primary had written when called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** An immediate stop; the directory is removed. */
  stop(): Promise<void>;
}

const HBA_LINE = 'host replication all 127.0.0.1/32 trust';

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Runs a PostgreSQL tool as the postgres user when we are root (the server refuses root). */
function asPostgres(bin: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  execFileSync(root ? 'runuser' : bin, root ? ['-u', 'postgres', '--', bin, ...args] : args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** The loopback replication line in the primary's pg_hba.conf, added and reloaded if missing. */
async function allowReplication(primaryUrl: string): Promise<void> {
  const [{ hba_file: file }] = await query<{ hba_file: string }>(primaryUrl, 'SHOW hba_file');
  const lines = readFileSync(file, 'utf8').split('\n');
  const has = lines.some((l) => /^\s*host\s+replication\s+all\s+127\.0\.0\.1\/32\s+trust/.test(l));
  if (has) return;
  try {
    appendFileSync(
      file,
      `\n# Damas tests: a standby on this machine (test/standby.ts)\n${HBA_LINE}\n`,
    );
  } catch {
    throw new Error(`a standby needs "${HBA_LINE}" in ${file} (not writable here): add it, reload`);
  }
  await query(primaryUrl, 'SELECT pg_reload_conf()');
}

export async function startStandby(primaryUrl: string): Promise<Standby> {
  await allowReplication(primaryUrl);
  const settings = await query<{ name: string; setting: string }>(
    primaryUrl,
    `SELECT name, setting FROM pg_settings WHERE name IN ('server_version_num', 'max_connections',
       'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions',
       'max_locks_per_transaction')`,
  );
  const s = Object.fromEntries(settings.map((r) => [r.name, r.setting]));
  const bin = `/usr/lib/postgresql/${Math.floor(Number(s.server_version_num) / 10000)}/bin`;
  const u = new URL(primaryUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'damas-standby-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const conf = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', join(dir, name)]);
  };
  try {
    asPostgres(`${bin}/pg_basebackup`, [
      ...['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username)],
      ...['-D', dir, '-R', '-X', 'stream', '-c', 'fast'],
    ]);
    // Debian keeps the primary's configuration outside its data directory: the standby gets its
    // own. Hot standby needs these limits at least the primary's.
    conf('pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    conf('pg_ident.conf', '');
    conf(
      'postgresql.conf',
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        `hba_file = '${join(dir, 'pg_hba.conf')}'`,
        `ident_file = '${join(dir, 'pg_ident.conf')}'`,
        'hot_standby = on',
        'shared_buffers = 64MB',
        ...[
          'max_connections',
          'max_worker_processes',
          'max_wal_senders',
          'max_prepared_transactions',
          'max_locks_per_transaction',
        ].map((k) => `${k} = ${s[k]}`),
        '',
      ].join('\n'),
    );
    asPostgres(`${bin}/pg_ctl`, ['-D', dir, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  } catch (e) {
    const log = (() => {
      try {
        return readFileSync(join(dir, 'log'), 'utf8').slice(-2000);
      } catch {
        return '';
      }
    })();
    rmSync(dir, { recursive: true, force: true });
    const stderr = (e as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`standby did not start: ${(e as Error).message}\n${stderr}\n${log}`, {
      cause: e,
    });
  }
  const url = `postgres://${u.username || 'postgres'}@127.0.0.1:${port}${u.pathname}`;
  const standby: Standby = {
    url,
    port,
    pause: async () => {
      await query(url, 'SELECT pg_wal_replay_pause()');
    },
    resume: async () => {
      await query(url, 'SELECT pg_wal_replay_resume()');
    },
    caughtUp: async (timeoutMs = 30_000) => {
      const [{ lsn }] = await query<{ lsn: string }>(
        primaryUrl,
        'SELECT pg_current_wal_lsn() AS lsn',
      );
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [{ done }] = await query<{ done: boolean }>(
          url,
          'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done',
          [lsn],
        );
        if (done) return;
        if (Date.now() > until) throw new Error(`standby not at ${lsn} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: async () => {
      try {
        asPostgres(`${bin}/pg_ctl`, ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  // Read-only and in recovery: a standby, not a copy.
  const [{ recovery }] = await query<{ recovery: boolean }>(
    url,
    'SELECT pg_is_in_recovery() AS recovery',
  );
  if (!recovery) {
    await standby.stop();
    throw new Error('the copy is not in recovery: not a standby');
  }
  return standby;
}
