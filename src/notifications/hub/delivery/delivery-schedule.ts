import { Injectable } from '@nestjs/common';
import { EnvService } from '../../../platform/env/env.service';
import { EMAIL_ATTACHMENT_TIMEOUT_MS } from '../channels/email.channel';
import { retryDelayMs } from './backoff';

/** How long a runner holds a delivery, and when a failed one is tried again (HUB_RETRY_* settings). */
@Injectable()
export class DeliverySchedule {
  constructor(private readonly env: EnvService) {}

  /** The lease a runner holds on a delivery: longer than any send can take. */
  leaseMs(): number {
    const longest = Math.max(
      this.env.get('HUB_EMAIL_TIMEOUT_MS'),
      this.env.get('HUB_NTFY_TIMEOUT_MS'),
      this.env.get('HUB_HA_TTS_TIMEOUT_MS'),
      // A connection may send a book as an attachment (SendToEReader), with a longer deadline.
      EMAIL_ATTACHMENT_TIMEOUT_MS,
    );
    return longest + 30_000;
  }

  /** When to try again after attempt `number`, or null when the attempts are used up. */
  nextAttempt(number: number, notBefore?: Date): Date | null {
    if (number >= this.env.get('HUB_RETRY_MAX_ATTEMPTS')) return null;
    const delay = retryDelayMs(number, this.env.get('HUB_RETRY_BASE_DELAY_MS'), this.env.get('HUB_RETRY_MAX_DELAY_MS'));
    return new Date(Math.max(Date.now() + delay, notBefore?.getTime() ?? 0));
  }
}
