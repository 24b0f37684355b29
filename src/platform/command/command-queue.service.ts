import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../common/events/domain-events';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors/domain-errors';
import { COMMAND_CATALOGUE } from './command-catalogue';
import { buildBody, dedupKey } from './command-body';
import { CommandRegistry } from './command-registry.service';
import { CommandEntity } from './command.entity';
import { CommandUpdatedEvent } from './command.events';
import { CommandPriority, CommandPriorityName, CommandTriggerName } from './command.enums';
import { CommandRepository } from './command.repository';

export interface EnqueueOptions {
  trigger?: CommandTriggerName;
  priority?: CommandPriorityName;
  clientUserAgent?: string;
  lastExecutionTime?: Date | null;
  lastStartTime?: Date | null;
}

/** Finished commands stay in `GET /command` this long (Readarr's MessagingCleanup window). */
export const RECENTLY_FINISHED_MS = 5 * 60_000;

/**
 * The durable command queue: rows in table `command`. Any feature queues work with `enqueue`;
 * the executor of some Quire process sharing the database runs it.
 */
@Injectable()
export class CommandQueueService {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly commands: CommandRepository,
    private readonly registry: CommandRegistry,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Queues a command (name case-insensitive; unknown → BadRequestError listing the valid names).
   * An equal command that is queued or running is returned instead (Readarr's de-duplication).
   */
  async enqueue(name: string, body: object = {}, options: EnqueueOptions = {}): Promise<CommandEntity> {
    const canonical = this.registry.resolveName(name);
    const flags = this.registry.flags(canonical);
    const trigger = options.trigger ?? 'unspecified';
    const fullBody = buildBody(canonical, body as Record<string, unknown>, {
      trigger,
      flags,
      clientUserAgent: options.clientUserAgent,
      lastExecutionTime: options.lastExecutionTime,
      lastStartTime: options.lastStartTime,
    });
    const key = dedupKey(fullBody);
    const row = {
      name: canonical,
      body: JSON.parse(JSON.stringify(fullBody)) as Record<string, unknown>,
      dedupKey: key,
      priority: CommandPriority.toNumber(options.priority ?? 'normal'),
      status: 'queued' as const,
      result: 'unknown' as const,
      trigger,
      clientUserAgent: options.clientUserAgent ?? null,
      exclusive: Boolean(flags.exclusive),
      typeExclusive: Boolean(flags.typeExclusive),
      diskAccess: Boolean(flags.diskAccess),
      longRunning: Boolean(flags.longRunning),
    };
    // The partial unique index (name, dedup_key) over queued/started rows makes dedup hold across processes.
    for (let attempt = 0; attempt < 10; attempt++) {
      const id = await this.commands.insertUnlessPending(row as QueryDeepPartialEntity<CommandEntity>);
      if (id) {
        // Read before waking the executor, so the event shows the command still queued.
        const queued = (await this.commands.findById(id))!;
        this.notify();
        this.events.emit(CommandUpdatedEvent.NAME, new CommandUpdatedEvent(id, 'queued', queued));
        return queued;
      }
      const existing = await this.commands.findPending(canonical, key);
      if (existing) return existing;
      // The equal command finished between our insert and our look-up: try again.
    }
    throw new Error(`Could not queue command '${canonical}'`);
  }

  /**
   * A command posted through the API (`{name, ...fields}`): trigger `manual`, the poster's User-Agent kept,
   * `ManualImport` at high priority (as in Readarr: someone is waiting for it).
   */
  async submit(input: unknown, userAgent?: string): Promise<CommandEntity> {
    const fields =
      input && typeof input === 'object' && !Array.isArray(input) ? { ...(input as Record<string, unknown>) } : {};
    const nameKey = Object.keys(fields).find((key) => key.toLowerCase() === 'name');
    const name = nameKey ? fields[nameKey] : undefined;
    if (typeof name !== 'string' || name.trim() === '')
      throw ValidationError.of('name', "'Name' must not be empty.", name ?? null, 'NotEmptyValidator');
    const canonical = this.registry.resolveName(name);
    delete fields[nameKey!];
    const validate = COMMAND_CATALOGUE[canonical]?.validate;
    if (validate) {
      const failures = validate(buildBody(canonical, fields, { trigger: 'manual', flags: {} }));
      if (failures.length) throw new ValidationError(failures);
    }
    return this.enqueue(canonical, fields, {
      trigger: 'manual',
      priority: COMMAND_CATALOGUE[canonical]?.manualPriority ?? 'normal',
      clientUserAgent: userAgent || undefined,
    });
  }

  /** Queued and running commands, and those that finished in the last few minutes. */
  list(): Promise<CommandEntity[]> {
    return this.commands.findPendingAndEndedSince(new Date(Date.now() - RECENTLY_FINISHED_MS));
  }

  async get(id: number): Promise<CommandEntity> {
    const command = await this.commands.findById(id);
    if (!command) throw new NotFoundError(`Command with ID ${id} does not exist`);
    return command;
  }

  /** Cancels a queued command so it never runs; anything else is a conflict (Readarr: 409). */
  async cancel(id: number): Promise<CommandEntity> {
    const cancelled = await this.commands.cancelQueued(id);
    const command = await this.get(id);
    if (!cancelled) throw new ConflictError('Unable to cancel task');
    this.events.emit(CommandUpdatedEvent.NAME, new CommandUpdatedEvent(id, 'cancelled', command));
    return command;
  }

  /** Called on every enqueue in this process (the executor wakes up instead of waiting for its poll). */
  onEnqueued(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}
