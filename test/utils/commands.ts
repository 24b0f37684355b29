import { CommandExecutorService } from '../../src/platform/command/command-executor.service';
import { FINAL_STATUSES } from '../../src/platform/command/command.enums';
import type { TestApp } from './create-test-app';
import { waitFor } from './wait-for';

/** A CommandResource as the API returns it (only the fields tests usually read are typed). */
export interface CommandJson {
  id: number;
  name: string;
  commandName: string;
  status: string;
  result: string;
  message?: string;
  exception?: string;
  trigger: string;
  priority: string;
  body: Record<string, any>;
  queued: string;
  started?: string;
  ended?: string;
  duration?: string;
  [key: string]: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `GET /api/v1/command/{id}` until the command reaches a final status; returns the resource. */
export async function waitForCommand(t: TestApp, id: number, timeoutMs = 30_000): Promise<CommandJson> {
  const deadline = Date.now() + timeoutMs;
  let last: CommandJson | undefined;
  for (;;) {
    const response = await t.api.get(`/api/v1/command/${id}`);
    if (response.status !== 200)
      throw new Error(`GET /api/v1/command/${id} answered ${response.status}: ${JSON.stringify(response.body)}`);
    last = response.body as CommandJson;
    if ((FINAL_STATUSES as readonly string[]).includes(last.status)) return last;
    if (Date.now() > deadline)
      throw new Error(`Command ${id} (${last.name}) still ${last.status} after ${timeoutMs} ms: ${last.message ?? ''}`);
    await sleep(25);
  }
}

/** Posts a command through the API and waits for it to finish (completed, failed, …); returns the resource. */
export async function runCommand(
  t: TestApp,
  name: string,
  body: Record<string, unknown> = {},
  timeoutMs = 30_000,
): Promise<CommandJson> {
  const response = await t.api.post('/api/v1/command').send({ name, ...body });
  if (response.status !== 200)
    throw new Error(`POST /api/v1/command ${name} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return waitForCommand(t, (response.body as CommandJson).id, timeoutMs);
}

/**
 * Runs every queued command (and the follow-ups they queue) in the test's own process until none is queued or
 * running — no polling over HTTP.
 */
export async function drainCommands(t: TestApp, timeoutMs = 30_000): Promise<void> {
  await t.app.get(CommandExecutorService).drain(timeoutMs);
}

/**
 * Waits for a command that something else queues (an author add queues its refresh after answering) to be queued,
 * then for it to finish; returns the resource.
 */
export async function waitForQueuedCommand(
  t: TestApp,
  name: string,
  match: (body: Record<string, any>) => boolean,
  timeoutMs = 30_000,
): Promise<CommandJson> {
  const queued = await waitFor(async () => {
    const list = (await t.api.get('/api/v1/command').expect(200)).body as CommandJson[];
    return list.find((command) => command.name === name && match(command.body));
  }, `${name} to be queued`);
  return waitForCommand(t, queued.id, timeoutMs);
}
