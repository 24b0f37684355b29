import type { RunningProcess } from './processes';

const FINAL = ['completed', 'failed', 'orphaned', 'aborted', 'cancelled'];

export interface CommandAnswer {
  id: number;
  status: string;
  message?: string;
  exception?: string;
}

/** A JSON client for Quire's API with the key; a non-2xx answer throws with its status and body. */
export function apiClient(quire: RunningProcess, apiKey: string) {
  const headers = { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' };
  return async <T = any>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(quire.url + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** Queues a command through the API and polls it to a final status; throws unless it completed. */
export async function runCommand(
  quire: RunningProcess,
  apiKey: string,
  body: { name: string } & Record<string, unknown>,
  timeoutMs = Infinity,
): Promise<CommandAnswer> {
  const api = apiClient(quire, apiKey);
  const deadline = Date.now() + timeoutMs;
  let command = await api<CommandAnswer>('POST', '/api/v1/command', body);
  while (!FINAL.includes(command.status)) {
    if (Date.now() > deadline) throw new Error(`${body.name} did not finish within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    command = await api<CommandAnswer>('GET', `/api/v1/command/${command.id}`);
  }
  if (command.status !== 'completed') {
    throw new Error(`${body.name} ${command.status}: ${command.exception ?? command.message ?? ''}`);
  }
  return command;
}
