import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DomainEvents } from '../../common/events/domain-events';
import { ConfigStore } from '../../database/config-store.service';
import { HEALTH_CHECK, HealthCheck, HealthCheckResult, healthResult } from '../../common/health/health-check';
import { HealthCheckCompletedEvent, HealthIssuesChangedEvent } from './health.events';

const CHECK_TIMEOUT_MS = 15_000;
// GET /health re-runs the checks when the last run is older than this.
const FRESH_MS = 5 * 60_000;
// The issues already announced, kept in the config table so a restart does not announce them again.
const STATE_KEY = 'healthNotified';

@Injectable()
export class HealthService implements OnModuleInit {
  private readonly logger = new Logger(HealthService.name);
  private checks: HealthCheck[] = [];
  private results?: { at: number; issues: HealthCheckResult[] };
  private running?: Promise<HealthCheckResult[]>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly events: DomainEvents,
    private readonly store: ConfigStore,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const type = wrapper.metatype;
      const instance = wrapper.instance as HealthCheck | undefined;
      if (!instance || typeof type !== 'function' || !Reflect.getMetadata(HEALTH_CHECK, type)) continue;
      if (typeof instance.check === 'function') this.checks.push(instance);
    }
  }

  get sources(): string[] {
    return this.checks.map((check) => check.source);
  }

  /** The current issues (results of type ok are not listed), re-checked when stale. */
  async current(): Promise<HealthCheckResult[]> {
    if (this.results && Date.now() - this.results.at < FRESH_MS) return this.results.issues;
    return this.refresh();
  }

  /** Runs every check now; announces new and resolved issues. Concurrent callers share one run. */
  refresh(): Promise<HealthCheckResult[]> {
    this.running ??= this.runAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async runAll(): Promise<HealthCheckResult[]> {
    const outcomes = await Promise.all(this.checks.map((check) => this.runOne(check)));
    const issues = outcomes.flat().filter((result) => result.type !== 'ok');
    this.results = { at: Date.now(), issues };
    this.events.emit(HealthCheckCompletedEvent.NAME, new HealthCheckCompletedEvent(issues.length));
    await this.announce(issues);
    return issues;
  }

  private async runOne(check: HealthCheck): Promise<HealthCheckResult[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([check.check(), timeout]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return [healthResult(check.source, 'error', `Health check ${check.source} failed: ${reason}`)];
    } finally {
      clearTimeout(timer);
    }
  }

  private async announce(issues: HealthCheckResult[]): Promise<void> {
    const previous = (await this.store.get<HealthCheckResult[]>(STATE_KEY)) ?? [];
    const key = (result: HealthCheckResult) => `${result.source}\u0000${result.message}`;
    const previousKeys = new Set(previous.map(key));
    const currentKeys = new Set(issues.map(key));
    const added = issues.filter((issue) => !previousKeys.has(key(issue)));
    const resolved = previous.filter((issue) => !currentKeys.has(key(issue)));
    if (added.length === 0 && resolved.length === 0) return;
    await this.store.set(STATE_KEY, issues);
    for (const issue of added) this.logger.warn(`Health issue (${issue.source}): ${issue.message}`);
    for (const issue of resolved) this.logger.log(`Health issue resolved (${issue.source}): ${issue.message}`);
    this.events.emit(HealthIssuesChangedEvent.NAME, new HealthIssuesChangedEvent(added, resolved));
  }
}
