import { Logger, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { RequestAuthService } from '../../platform/auth/request-auth.service';
import { EnvService } from '../../platform/env/env.service';
import { InitializeController } from './initialize.controller';
import { InitializeService } from './initialize.service';
import { findWebRoot, spaMiddleware } from './spa-middleware';

/** The web UI: the built single-page app under URL_BASE and the `/initialize.json` it starts from. */
@Module({
  controllers: [InitializeController],
  providers: [InitializeService],
})
export class WebUiModule implements OnModuleInit {
  private readonly logger = new Logger(WebUiModule.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly env: EnvService,
    private readonly auth: RequestAuthService,
    private readonly initializer: InitializeService,
  ) {}

  /** Runs after Nest has registered its routes, so every route keeps its meaning and the SPA takes the rest. */
  onModuleInit(): void {
    const webRoot = findWebRoot(__dirname, process.cwd());
    if (!webRoot) {
      this.logger.warn('No built web UI found (npm run build builds it); serving the API only');
      return;
    }
    const express = this.adapterHost.httpAdapter?.getInstance<Express>();
    express?.use(
      spaMiddleware(
        webRoot,
        this.env.get('URL_BASE'),
        (request) => this.auth.servesUiPage(request),
        (request) => this.initializer.refuses(request),
      ),
    );
  }
}
