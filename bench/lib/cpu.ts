import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU time (user + system) a process has used so far, in ms; NaN when it is gone or /proc is absent. */
export function processCpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    return cpuOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}

/** CPU time used so far by each PostgreSQL server process on this machine (backends, workers), in ms by pid. */
export function postgresCpuByPid(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) cpu.set(Number(entry), cpuOfStat(stat));
    } catch {
      // the process ended meanwhile
    }
  }
  return cpu;
}

/** PostgreSQL CPU spent between two snapshots: per process, so backends that exit meanwhile count nothing. */
export function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuByPid()) total += ms - (before.get(pid) ?? 0);
  return total;
}

function cpuOfStat(stat: string): number {
  // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
