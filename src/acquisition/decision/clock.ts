import { Injectable } from '@nestjs/common';

/**
 * The time the decision engine and pending (delayed) releases go by. One instance per process, shared by
 * the decision engine, search and RssSync; `advance` lets tests let a delay profile's minutes pass without waiting.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this clock forward (or back, for a negative value) relative to the system clock. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
