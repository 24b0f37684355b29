import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { BadRequestError, NotFoundError } from '../../platform/common/errors/domain-errors';
import { HUB_LIMITS, HubConnection } from './hub-connection';
import { LongPollingTransport } from './long-polling.transport';
import { PushHubService } from './push-hub.service';

/** The long-polling side of the hub: GET polls, POST sends, DELETE ends (the SignalR fallback transport). */
@Injectable()
export class LongPollingService {
  constructor(private readonly hub: PushHubService) {}

  poll(id: unknown, response: Response): void {
    const connection = this.connection(id);
    if (!connection.transport) connection.attach(new LongPollingTransport());
    const transport = connection.transport;
    if (!(transport instanceof LongPollingTransport))
      throw new BadRequestError('This connection uses another transport');
    connection.lastSeen = Date.now();
    transport.poll(response);
  }

  async send(id: unknown, request: Request): Promise<void> {
    const connection = this.connection(id);
    if (!(connection.transport instanceof LongPollingTransport))
      throw new BadRequestError('This connection has no long-polling transport');
    const text = await readText(request, HUB_LIMITS.maxMessageBytes).catch((error: unknown) => {
      connection.close('Message too large');
      throw error;
    });
    connection.receive(text);
  }

  close(id: unknown): void {
    this.connection(id).close();
  }

  private connection(id: unknown): HubConnection {
    if (typeof id !== 'string' || id === '') throw new BadRequestError('Connection ID required');
    const connection = this.hub.find(id);
    if (!connection) throw new NotFoundError('No Connection with that ID');
    return connection;
  }
}

/** The raw body (the client posts text/plain), refused past `limit` bytes without reading the rest. */
function readText(request: Request, limit: number): Promise<string> {
  if (typeof request.body === 'string') return Promise.resolve(request.body);
  if (request.readableEnded) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        request.resume();
        return reject(new BadRequestError(`Message larger than ${limit} bytes`));
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
