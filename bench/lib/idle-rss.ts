import { readFileSync } from 'node:fs';
import { RunningProcess } from './processes';

/** Resident set size now (VmRSS), in MB. */
export function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

/**
 * A started Quire's resident set once start-up work has settled: the RSS after `settleMs` without requests
 * (scheduled start-up tasks, lazily grown heaps), and the peak it reached getting there.
 */
export async function idleRss(quire: RunningProcess, settleMs = 5_000): Promise<{ rssMb: number; peakMb: number }> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return { rssMb: rssMb(quire.child.pid), peakMb: quire.peakRssMb() };
}
