import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AuthorQueryService } from './author-query.service';

/**
 * Builds the whole-library author answer once, right after start-up, so the first GET /author (the web UI's
 * home page, and every Readarr client's first call) is served from the response cache instead of paying the
 * aggregate over the whole library (~0.2-0.6 s on 2,000 authors). Shutdown waits for a build still running.
 */
@Injectable()
export class AuthorListWarmer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AuthorListWarmer.name);
  private warming?: Promise<void>;

  constructor(private readonly authors: AuthorQueryService) {}

  onApplicationBootstrap(): void {
    this.warming = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.authors.listJson())
      .then(
        () => undefined,
        (error: unknown) => this.logger.warn(`Preparing the author list failed: ${String(error)}`),
      );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.warming;
  }
}
