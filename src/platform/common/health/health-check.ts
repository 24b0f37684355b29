/**
 * Health checks — how to add one
 * ------------------------------
 * 1. Write a provider class in your feature that implements `HealthCheck` and mark it `@RegisterHealthCheck()`:
 *
 *      @RegisterHealthCheck()
 *      @Injectable()
 *      export class IndexerStatusCheck implements HealthCheck {
 *        readonly source = 'IndexerStatusCheck';            // Readarr's check class name
 *        constructor(private readonly indexers: IndexerService) {}
 *        async check(): Promise<HealthCheckResult[]> {
 *          const failing = await this.indexers.failing();
 *          if (failing.length === 0) return [];              // healthy: no result (or one with type 'ok')
 *          return [healthResult(this.source, 'warning', `Indexers unavailable due to failures: ${failing.join(', ')}`,
 *            'indexers-are-unavailable-due-to-failures')];
 *        }
 *      }
 *
 * 2. List the class in your module's `providers`. That's all: HealthService discovers every provider carrying the
 *    metadata at start-up (no import of the health module needed), runs them on `GET /api/v1/health` (when its
 *    cached results are stale) and on the `CheckHealth` command, and publishes `health.changed` events for
 *    new and resolved issues. A check that throws or takes longer than 15 s is reported as an error of its source.
 */
import { SetMetadata } from '@nestjs/common';
import { WireEnum } from '../wire/wire-enum';

export const HealthCheckResultType = new WireEnum({ ok: 0, notice: 1, warning: 2, error: 3 });
export type HealthCheckType = keyof typeof HealthCheckResultType.values;

export interface HealthCheckResult {
  /** Readarr's check class name, e.g. `RootFolderCheck`. */
  source: string;
  type: HealthCheckType;
  message: string;
  wikiUrl?: string;
}

export interface HealthCheck {
  readonly source: string;
  check(): Promise<HealthCheckResult[]>;
}

export const HEALTH_CHECK = 'quire:healthCheck';

/** Marks a provider class as a health check (see the top of this file). */
export const RegisterHealthCheck = () => SetMetadata(HEALTH_CHECK, true);

const WIKI = 'https://wiki.servarr.com/readarr/system';

/** Builds a result; `anchor` is the section of Servarr's wiki page, e.g. `missing-root-folder`. */
export function healthResult(
  source: string,
  type: HealthCheckType,
  message: string,
  anchor?: string,
): HealthCheckResult {
  return { source, type, message, wikiUrl: anchor ? `${WIKI}#${anchor}` : undefined };
}
