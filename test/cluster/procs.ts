/** Server processes for the cluster test: `node dist/main.js` on a port, killable with -9. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export interface Proc {
  url: string;
  port: number;
  child: ChildProcess;
  log: string[];
}

const handedOut = new Set<number>();

/** A port the OS says is free now, never one this process handed out before. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await osPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function osPort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '0.0.0.0', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? ok(addr.port) : fail(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a server on a port the OS picked. A random fixed port once collided with an
 * outgoing connection's ephemeral port (CI: EADDRINUSE); the OS's pick can still be taken
 * between close and the child's listen, so that one error is retried on another port.
 */
export async function startProc(
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<Proc> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), env, nodeFlags);
    } catch (e) {
      if (attempt >= 5 || !String(e).includes('EADDRINUSE')) throw e;
    }
  }
}

async function startOn(
  port: number,
  env: Record<string, string>,
  nodeFlags: string[],
): Promise<Proc> {
  const log: string[] = [];
  const child = spawn(process.execPath, [...nodeFlags, resolve('dist/main.js')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${log.join('')}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, port, child, log };
    if (Date.now() > until) throw new Error(`server on ${port} did not start: ${log.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function alive(p: Proc): boolean {
  return p.child.exitCode === null && p.child.signalCode === null;
}
