/** Server processes for the cluster test: `node dist/main.js` on a port, killable with -9. */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface Proc {
  url: string;
  port: number;
  child: ChildProcess;
  log: string[];
}

export async function startProc(
  port: number,
  env: Record<string, string>,
  nodeFlags: string[] = [],
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
