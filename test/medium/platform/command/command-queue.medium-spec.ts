import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { getToken } from '@willsoto/nestjs-prometheus';
import { CommandExecutorService } from '../../../../src/platform/command/command-executor.service';
import { CommandRunner } from '../../../../src/platform/command/command-runner';
import { CommandContext, CommandHandler } from '../../../../src/platform/command/command-handler.decorator';
import { COMMAND_DURATION_METRIC, QUEUE_DEPTH_METRIC } from '../../../../src/platform/command/command-metrics';
import { CommandQueueService } from '../../../../src/platform/command/command-queue.service';
import { CommandRegistry } from '../../../../src/platform/command/command-registry.service';
import { CommandRetentionService } from '../../../../src/platform/command/command-retention.service';
import { CommandWorkerEntity } from '../../../../src/platform/command/command-worker.entity';
import { CommandWorkerRepository } from '../../../../src/platform/command/command-worker.repository';
import { CommandWorkerService } from '../../../../src/platform/command/command-worker.service';
import { CommandEntity } from '../../../../src/platform/command/command.entity';
import { CommandRepository } from '../../../../src/platform/command/command.repository';
import { QueueDepthCollector } from '../../../../src/platform/command/queue-depth-collector';
import { Medium, newMediumService } from '../../medium';

/** What the handlers below saw, in order. */
const log: string[] = [];

@Injectable()
@CommandHandler('RefreshAuthor')
class RefreshAuthorProbe {
  constructor(private readonly queue: CommandQueueService) {}
  async execute(body: { authorId?: number }, context: CommandContext): Promise<string> {
    await context.progress('refreshing');
    log.push(`refresh ${body.authorId}`);
    // A follow-up command, as the real refresh queues a rescan: drain() must run it too.
    await this.queue.enqueue('RescanFolders', {});
    return `Refreshed ${body.authorId}`;
  }
}

@Injectable()
@CommandHandler('RescanFolders')
class RescanProbe {
  async execute(): Promise<void> {
    log.push('rescan');
  }
}

@Injectable()
@CommandHandler('Backup')
class FailingBackupProbe {
  async execute(): Promise<void> {
    throw new Error('disk full');
  }
}

const noMetric = { set: () => undefined, observe: () => undefined };

describe('command queue and executor (medium)', () => {
  let medium: Medium;
  let queue: CommandQueueService;
  let executor: CommandExecutorService;
  let commands: CommandRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [DiscoveryModule],
      entities: [CommandEntity, CommandWorkerEntity],
      providers: [
        CommandRepository,
        CommandWorkerRepository,
        CommandRegistry,
        CommandQueueService,
        CommandWorkerService,
        CommandRunner,
        QueueDepthCollector,
        CommandExecutorService,
        CommandRetentionService,
        RefreshAuthorProbe,
        RescanProbe,
        FailingBackupProbe,
      ],
      // One command at a time, so the order the drain test expects is the queue's order, not a race between runs.
      env: { COMMAND_CONCURRENCY: '1' },
      fakes: [
        [getToken(QUEUE_DEPTH_METRIC), noMetric],
        [getToken(COMMAND_DURATION_METRIC), noMetric],
      ],
    });
    // Finds the @CommandHandler probes; the executor's poll loop stays off (no bootstrap).
    medium.get(CommandRegistry).onModuleInit();
    queue = medium.get(CommandQueueService);
    executor = medium.get(CommandExecutorService);
    commands = medium.get(CommandRepository);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await medium.get(CommandWorkerService).register();
    log.length = 0;
  });

  it('queues an equal pending command once (Readarr de-duplication)', async () => {
    const first = await queue.enqueue('RefreshAuthor', { authorId: 7 });
    const again = await queue.enqueue('refreshauthor', { authorId: 7 });
    const other = await queue.enqueue('RefreshAuthor', { authorId: 8 });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect(await commands.countPending()).toBe(2);
  });

  it('drain() runs queued commands and the follow-ups they queue, in priority order', async () => {
    await queue.enqueue('RefreshAuthor', { authorId: 1 });
    await queue.enqueue('RefreshAuthor', { authorId: 2 }, { priority: 'high' });
    await executor.drain();
    expect(log).toEqual(['refresh 2', 'refresh 1', 'rescan']);
    const rows = await medium.sql<{ name: string; status: string; result: string; message: string }>(
      `SELECT name, status, result, message FROM command ORDER BY id`,
    );
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed', 'completed']);
    expect(rows[0]).toMatchObject({ name: 'RefreshAuthor', result: 'successful', message: 'Refreshed 1' });
    expect(await commands.countPending()).toBe(0);
  });

  it('records a failing handler as failed with its exception', async () => {
    const queued = await queue.enqueue('Backup');
    await executor.drain();
    const failed = await queue.get(queued.id);
    expect(failed).toMatchObject({ status: 'failed', result: 'unsuccessful', message: 'disk full' });
    expect(failed.exception).toContain('Error: disk full');
  });

  it('a cancelled command never runs; cancelling it twice is a conflict', async () => {
    const queued = await queue.enqueue('RefreshAuthor', { authorId: 3 });
    expect((await queue.cancel(queued.id)).status).toBe('cancelled');
    await expect(queue.cancel(queued.id)).rejects.toThrow('Unable to cancel task');
    await executor.drain();
    expect(log).toEqual([]);
  });

  it('an exclusive command waits while another command runs', async () => {
    const rescan = await queue.enqueue('RescanFolders');
    const claimed = await executor.claimNext();
    expect(claimed?.id).toBe(rescan.id);
    await queue.enqueue('ApplicationUpdate'); // exclusive in Readarr's catalogue
    expect(await executor.claimNext()).toBeUndefined();
  });

  it('the retention trim deletes only finished commands older than the window', async () => {
    await queue.enqueue('RescanFolders');
    await executor.drain();
    // A finished run wakes the executor, which would claim the next queued command behind the test's back: stop it
    // (this is the file's last test) so the RefreshAuthor below stays queued.
    await executor.beforeApplicationShutdown();
    await queue.enqueue('RefreshAuthor', { authorId: 4 });
    await medium.sql(`UPDATE command SET ended_at = now() - interval '2 days' WHERE status = 'completed'`);
    expect(await medium.get(CommandRetentionService).trim()).toBe(1);
    // What stays: every command that has not finished, and no finished one older than the window.
    expect(await medium.sql(`SELECT name FROM command WHERE status = 'queued'`)).toEqual([{ name: 'RefreshAuthor' }]);
    expect(
      await medium.sql(`SELECT id FROM command WHERE ended_at IS NOT NULL AND ended_at < now() - interval '1 day'`),
    ).toEqual([]);
  });
});
