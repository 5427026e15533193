/** CPU and memory of processes from /proc (Linux), for the server benchmark's readings. */
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/** CPU seconds (user + system) spent so far by `pid`; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch {
    return 0;
  }
}

/** Resident memory of `pid` in bytes. */
export function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL server process on the machine (the database's share of the CPU). */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Machine-wide busy and total CPU seconds so far (all cores). */
export function machineSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const v = line.split(/\s+/).slice(1).map(Number);
  const idle = v[3] + v[4];
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICK, total: total / TICK };
}

export interface CpuReading {
  server: number;
  load: number;
  postgres: number;
  machineBusy: number;
  machineTotal: number;
}

export function readCpu(server: number, load: number): CpuReading {
  const m = machineSeconds();
  return {
    server: cpuSeconds(server),
    load: cpuSeconds(load),
    postgres: postgresPids().reduce((s, p) => s + cpuSeconds(p), 0),
    machineBusy: m.busy,
    machineTotal: m.total,
  };
}

/** Shares of one core (1.0 = one core busy for the whole window) between two readings. */
export function cpuShare(a: CpuReading, b: CpuReading, seconds: number) {
  const r = (x: number) => Math.round((x / seconds) * 100) / 100;
  return {
    server: r(b.server - a.server),
    load: r(b.load - a.load),
    postgres: r(b.postgres - a.postgres),
    machine: Math.round(
      ((b.machineBusy - a.machineBusy) / (b.machineTotal - a.machineTotal)) * 100,
    ),
  };
}
