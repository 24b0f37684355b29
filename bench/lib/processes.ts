import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface RunningProcess {
  child: ChildProcess;
  url: string;
  startupMs: number;
  /** Peak resident set size so far (VmHWM), in MB. */
  peakRssMb: () => number;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function peakRssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

/** Starts a node script with PORT set and waits until `readyPath` answers. */
export async function startNode(
  script: string,
  env: Record<string, string>,
  options: { readyPath?: string; args?: string[]; timeoutMs?: number; execArgv?: string[] } = {},
): Promise<RunningProcess> {
  const port = await freePort();
  const started = Date.now();
  let output = '';
  const child = spawn(process.execPath, [...(options.execArgv ?? []), script, ...(options.args ?? [])], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), BIND_ADDRESS: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = started + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not become ready:\n${output}`);
    }
    try {
      const response = await fetch(url + (options.readyPath ?? '/'));
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    url,
    startupMs: Date.now() - started,
    peakRssMb: () => peakRssMb(child.pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
