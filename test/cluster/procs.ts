/** Server processes for the cluster test and bench:server: `node dist/main.js`, killable with -9. */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface Proc {
  url: string;
  port: number;
  child: ChildProcess;
  log: string[];
}

/**
 * Starts a server on a port its own listen picked (PORT=0), read back from its "listening on"
 * line. A port chosen beforehand can be taken before the child listens (CI once hit EADDRINUSE
 * on a random one), and a health check on it could then be answered by someone else.
 */
export async function startProc(
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<Proc> {
  const log: string[] = [];
  const child = spawn(process.execPath, [...nodeFlags, resolve('dist/main.js')], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  // Set once stdout and stderr are drained, so the error below carries the whole output.
  const closed = new Promise<void>((r) => child.once('close', () => r()));
  const fail = async (why: string): Promise<never> => {
    if (alive({ child })) child.kill('SIGKILL');
    await closed;
    throw new Error(`server ${why}: ${log.join('')}`);
  };
  const until = Date.now() + 30_000;
  for (;;) {
    if (!alive({ child })) return fail('exited');
    const port = /listening on https?:\/\/\S*?:(\d+)/.exec(log.join(''))?.[1];
    if (port) {
      const url = `http://127.0.0.1:${port}`;
      const ok = await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { url, port: Number(port), child, log };
    }
    if (Date.now() > until) return fail('did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function alive(p: Pick<Proc, 'child'>): boolean {
  return p.child.exitCode === null && p.child.signalCode === null;
}
