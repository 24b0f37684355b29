import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { Logger } from 'nestjs-pino';
import cookieParser from 'cookie-parser';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './platform/common/errors/api-exception.filter';
import { toErrorResponse } from './platform/common/errors/error-body';
import { httpConventions } from './platform/common/http/http-conventions';
import { HttpDrain } from './platform/common/http/http-drain';
import { assertJsonShape } from './platform/common/http/json-shape-guard';
import { compressAnswers } from './platform/common/http/compress-answers';
import { allowTrailingCommas } from './platform/common/http/lenient-json';
import { rejectNulCharacters } from './platform/common/http/reject-nul';
import { createValidationPipe } from './platform/common/validation/validation.pipe';
import { wireJsonReplacer } from './platform/common/wire/json-replacer';
import { EnvService } from './platform/env/env.service';
import { setupOpenApi } from './openapi';

const JSON_TYPES = ['application/json', 'text/json', 'application/*+json'];
const NOTIFY_BODY_LIMIT = '1mb';

const drains = new WeakMap<object, HttpDrain>();

/** The application's HTTP drain (graceful-shutdown.ts stops the HTTP side through it). */
export function httpDrainOf(app: NestExpressApplication): HttpDrain | undefined {
  return drains.get(app);
}

/** Builds the whole application; main.ts and the end-to-end tests share it. */
export async function createApp(env: EnvService, options: { logs?: boolean } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
    logger: options.logs === false ? false : undefined,
  });
  if (options.logs !== false) app.useLogger(app.get(Logger));
  const urlBase = env.get('URL_BASE');

  app.set('json replacer', wireJsonReplacer);
  // Readarr's API sends no ETag (its answers are no-cache); hashing every body cost ~1 ms per MB.
  app.set('etag', false);
  app.set('trust proxy', true);
  app.disable('x-powered-by');
  const drain = new HttpDrain();
  drains.set(app, drain);
  app.use(drain.middleware);
  app.use(httpConventions(urlBase));
  app.use(compressAnswers(urlBase));
  // Every JSON body's shape is checked on its raw bytes before it is parsed (keys, depth, array length, NUL).
  const json = (limit: string) =>
    express.json({ type: JSON_TYPES, limit, verify: (_request, _response, body) => assertJsonShape(body) });
  // POST /notify is public: its largest valid body is well under 1 MB (notify-limits.ts), and a larger declared
  // length is refused before a byte of it is read.
  app.use(`${urlBase}/notify`, json(NOTIFY_BODY_LIMIT));
  app.use(json('10mb'));
  app.use(allowTrailingCommas);
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.use(rejectNulCharacters);
  // Body-parser errors (unreadable JSON, too large) are answered here, before Nest rewraps them.
  app.use((error: unknown, _request: express.Request, response: express.Response, next: express.NextFunction) => {
    if (response.headersSent) return next(error);
    const { status, body } = toErrorResponse(error, !env.isProduction);
    response.status(status).json(body);
  });
  app.use(cookieParser());
  if (urlBase) app.setGlobalPrefix(urlBase);

  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter(!env.isProduction));
  setupOpenApi(app);
  await app.init();
  return app;
}
