import { describe, expect, it } from 'vitest';
import { channelHealth, deliverySummary, filterQuery, notifyBody } from './notifications';

describe('notification hub page mapping', () => {
  it('leaves empty filters out of the query', () => {
    expect(filterQuery({ sourceAgent: '  ', status: null, channel: null })).toEqual({
      sourceAgent: undefined,
      status: undefined,
      channel: undefined,
    });
    expect(filterQuery({ sourceAgent: ' backup ', status: 'failed', channel: 'ntfy' })).toEqual({
      sourceAgent: 'backup',
      status: 'failed',
      channel: 'ntfy',
    });
  });

  it('builds the /notify body with snake_case field names; no channels = routing', () => {
    const form = { sourceAgent: ' ui ', title: ' Hi ', body: 'b', priority: 'high', channels: [] };
    expect(notifyBody(form)).toEqual({ source_agent: 'ui', title: 'Hi', body: 'b', priority: 'high' });
    expect(notifyBody({ ...form, channels: ['ntfy'] }).channels).toEqual(['ntfy']);
  });

  it('summarises deliveries with their retries', () => {
    expect(deliverySummary([])).toBe('no channel');
    expect(
      deliverySummary([
        { channel: 'ntfy', state: 'delivered', attemptCount: 1 },
        { channel: 'email', state: 'failed', attemptCount: 3 },
      ]),
    ).toBe('ntfy delivered, email failed ×3');
  });

  it('explains a channel: not configured (and why), or its breaker', () => {
    const closed = { state: 'closed' as const, consecutiveFailures: 0, openings: 0 };
    expect(channelHealth({ ...closed, configured: false, missing: 'HUB_NTFY_URL' })).toEqual({
      label: 'not configured',
      color: 'gray',
      detail: 'HUB_NTFY_URL is not set',
    });
    expect(channelHealth(closed)).toEqual({ label: 'closed', color: 'teal', detail: undefined });
    expect(channelHealth({ ...closed, state: 'half_open', consecutiveFailures: 3 })).toEqual({
      label: 'half open',
      color: 'yellow',
      detail: '3 failures in a row',
    });
  });
});
