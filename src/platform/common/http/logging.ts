import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino from 'pino';
import { EnvService } from '../../env/env.service';
import { logTapFor } from '../logging/log-tap';
import { redactQueryParameters, redactUrl } from './redact-secrets';

/**
 * Every JSON line passes through here before a destination sees it: a URL with a credential in its query can
 * reach a log line through any field (a request, an error message, a stack), not only `req.url`.
 */
function redacting(stream: { write(line: string): unknown }): pino.DestinationStream {
  return { write: (line: string) => void stream.write(redactQueryParameters(line)) };
}

/**
 * Two destinations: stdout (JSON, at LOG_LEVEL; none when `silent`) and the log tap, which feeds lines at info
 * and above to the `log` table and the rolling files under DATA_DIR/logs (src/system/log).
 */
function destinations(env: EnvService): { level: pino.Level; stream: pino.MultiStreamRes } {
  const stdoutLevel = env.get('LOG_LEVEL');
  const streams: pino.StreamEntry[] = [{ level: 'info', stream: redacting(logTapFor(env)) }];
  if (stdoutLevel !== 'silent') streams.push({ level: stdoutLevel, stream: redacting(pino.destination(1)) });
  const lowest = stdoutLevel === 'silent' || pino.levels.values[stdoutLevel] > 30 ? 'info' : stdoutLevel;
  return { level: lowest, stream: pino.multistream(streams) };
}

/** Structured JSON logs with a request id; keys, passwords, tokens and cookies are redacted. */
export function loggerParams(env: EnvService): Params {
  const { level, stream } = destinations(env);
  return {
    pinoHttp: [
      {
        level,
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
      stream,
    ],
  };
}
