// CPU accounting from /proc (Linux): how much of the machine the servers, the load generator and
// everything else used during a measurement. On a 2-core machine shared with other work (test
// suites, builds, browsers) this is what tells a real result from a disturbed one.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { round, sleep } from './lib.ts';

const CLOCK_TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/** user+system CPU seconds of a process (all its threads), or null when /proc is not there. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm) ": state, ppid, ... utime is the 14th field overall, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** user+system CPU seconds of one thread of a process (the main thread's id is the process id). */
export function threadCpuSeconds(pid: number, tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The PostgreSQL server's processes (its backends work for the server measured against it). */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

interface MachineJiffies {
  busy: number;
  softirq: number;
  steal: number;
}

/** The whole machine, from the first line of /proc/stat. */
function machineJiffies(): MachineJiffies | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const v = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = v;
    return { busy: user + nice + system + irq + softirq + steal, softirq, steal };
  } catch {
    return null;
  }
}

/** CPU use over a window, each figure in % of one core (so up to 100 × cores). */
export interface CpuUse {
  seconds: number;
  /** Per process we watched (the server under test). */
  processes: Record<string, number | null>;
  /** This process: the load generator. */
  self: number;
  /** The whole machine, including the above. */
  machine: number | null;
  /** Kernel softirq (mostly loopback networking of the test itself). */
  softirq: number | null;
  /** Time the hypervisor gave to other guests. */
  steal: number | null;
  /** Everything else: machine − softirq − watched processes − self. Other programs, mostly. */
  other: number | null;
}

/** Starts a CPU window; call the returned function to close it and read the use. */
export function cpuWindow(pids: Record<string, number>): () => CpuUse {
  const start = performance.now();
  const self = process.cpuUsage();
  const machine = machineJiffies();
  const procs = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, processCpuSeconds(pid)]));
  return () => {
    const seconds = (performance.now() - start) / 1000;
    const pct = (cpuSeconds: number) => round((100 * cpuSeconds) / seconds, 0);
    const selfUse = process.cpuUsage(self);
    const selfPct = pct((selfUse.user + selfUse.system) / 1e6);
    const processes: Record<string, number | null> = {};
    for (const [name, pid] of Object.entries(pids)) {
      const before = procs[name];
      const after = processCpuSeconds(pid);
      processes[name] = before != null && after != null ? pct(after - before) : null;
    }
    const end = machineJiffies();
    if (!machine || !end) {
      return { seconds, processes, self: selfPct, machine: null, softirq: null, steal: null, other: null };
    }
    const j = (n: number) => pct(n / CLOCK_TICKS_PER_SECOND);
    const busy = j(end.busy - machine.busy);
    const softirq = j(end.softirq - machine.softirq);
    const ours = Object.values(processes).reduce<number>((a, b) => a + (b ?? 0), 0) + selfPct;
    return {
      seconds: round(seconds, 1),
      processes,
      self: selfPct,
      machine: busy,
      softirq,
      steal: j(end.steal - machine.steal),
      other: Math.max(0, round(busy - softirq - ours, 0)),
    };
  };
}

/** Whole-machine CPU use over `ms`, in % of one core. */
export async function machineBusy(ms = 1000): Promise<number | null> {
  const stop = cpuWindow({});
  await sleep(ms);
  return stop().machine;
}

/**
 * Waits (at most `maxWaitS`) until the machine is quiet — under `limit` % of one core busy over a
 * one-second sample — so a measurement does not start on top of someone else's test suite.
 */
export async function waitForQuiet(
  limit: number,
  maxWaitS: number,
): Promise<{ waitedS: number; busy: number | null }> {
  const start = performance.now();
  let busy = await machineBusy();
  let announced = false;
  while (busy !== null && busy > limit && performance.now() - start < maxWaitS * 1000) {
    if (!announced) {
      console.log(
        `    machine busy (${busy}% of a core used by other work); waiting up to ${maxWaitS} s for it to settle`,
      );
      announced = true;
    }
    busy = await machineBusy();
  }
  return { waitedS: round((performance.now() - start) / 1000, 0), busy };
}

export function describeCpu(cpu: CpuUse, serverName = 'server'): string {
  const server = cpu.processes[serverName];
  return (
    `CPU, % of one core (${os.cpus().length} cores): ${serverName} ${server ?? '?'}, load generator ${cpu.self}, ` +
    `softirq ${cpu.softirq ?? '?'}, other programs ${cpu.other ?? '?'}, steal ${cpu.steal ?? '?'}; ` +
    `whole machine ${cpu.machine ?? '?'} of ${100 * os.cpus().length}`
  );
}
