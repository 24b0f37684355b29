import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';

/**
 * The HTTP side of a graceful stop. Once `begin` is called, new requests (also on kept-alive connections) get
 * 503 with `Connection: close`, idle kept-alive connections are closed and the listener stops; requests already
 * running finish, their connections close after the answer. `whenIdle` resolves when the last one has answered
 * (or at the deadline), so the database can close after the last handler.
 */
export class HttpDrain {
  private draining = false;
  private readonly running = new Set<Response>();
  private wakeIdle?: () => void;

  readonly middleware = (_request: Request, response: Response, next: NextFunction): void => {
    if (this.draining) {
      response.setHeader('Connection', 'close');
      response.setHeader('Retry-After', '10');
      response.status(503).json({ message: 'Quire is shutting down; try again shortly' });
      return;
    }
    this.running.add(response);
    response.once('close', () => {
      this.running.delete(response);
      if (this.running.size === 0) this.wakeIdle?.();
    });
    next();
  };

  get isDraining(): boolean {
    return this.draining;
  }

  begin(server: Server): void {
    if (this.draining) return;
    this.draining = true;
    server.close(() => undefined); // stop listening; Nest's own close later waits on the same server
    server.closeIdleConnections();
    for (const response of this.running) if (!response.headersSent) response.setHeader('Connection', 'close');
  }

  /** Resolves once no request is running, or at `deadline`; then closes every connection still open. */
  async whenIdle(server: Server, deadline: number): Promise<number> {
    if (this.running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.wakeIdle = resolve;
        timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      });
      clearTimeout(timer);
      this.wakeIdle = undefined;
    }
    const unfinished = this.running.size;
    server.closeAllConnections();
    return unfinished;
  }
}
