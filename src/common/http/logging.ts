import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { EnvService } from '../../env/env.service';

const SECRET_QUERY = /([?&](?:apikey|api_key|token|access_token|password)=)[^&]*/gi;

/** Removes secrets from a URL before it is logged. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, '$1[Redacted]');
}

/** Structured JSON logs with a request id; keys, passwords, tokens and cookies are redacted. */
export function loggerParams(env: EnvService): Params {
  return {
    pinoHttp: {
      level: env.get('LOG_LEVEL'),
      genReqId: (request: IncomingMessage, response: ServerResponse) => {
        const given = request.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
        response.setHeader('X-Request-Id', id);
        return id;
      },
      // Successful requests are debug noise at scale; problems stay visible.
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'debug',
      redact: {
        paths: [
          'req.headers["x-api-key"]',
          'req.headers.authorization',
          'req.headers.cookie',
          'req.query.apikey',
          'req.query.apiKey',
          'res.headers["set-cookie"]',
          '*.password',
          '*.apiKey',
          '*.token',
        ],
        censor: '[Redacted]',
      },
      serializers: {
        req: (request: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: request.id,
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.remoteAddress,
        }),
      },
    },
  };
}
