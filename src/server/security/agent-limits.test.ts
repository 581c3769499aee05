import { describe, expect, it } from 'vitest';

import { AGENT_BYTES_PER_TOKEN, AGENT_MESSAGE_BURST_SECONDS, MessageBucket, messageCost } from './agent-limits';

describe('what an agent may cost', () => {
  it('charges a frame by its size: a 63 KiB inventory costs sixteen small reports', () => {
    expect(messageCost(200)).toBe(1);
    expect(messageCost(AGENT_BYTES_PER_TOKEN - 1)).toBe(1);
    expect(messageCost(63 * 1024)).toBe(16);
  });

  it('takes what a message costs from the burst, refills at the rate, and says when it is full again', () => {
    const bucket = new MessageBucket(100, 0);
    const burst = 100 * AGENT_MESSAGE_BURST_SECONDS;
    expect(bucket.take(0, burst - 16)).toBe(true);
    expect(bucket.take(0, 16)).toBe(true);
    expect(bucket.take(0, 1)).toBe(false);
    expect(bucket.full(0)).toBe(false);
    // 160 ms at 100 a second: room for one 63 KiB frame again, not two.
    expect(bucket.take(160, 16)).toBe(true);
    expect(bucket.take(160, 16)).toBe(false);
    // A clock that goes back refills nothing.
    expect(bucket.take(100, 1)).toBe(false);
    expect(bucket.full(160 + AGENT_MESSAGE_BURST_SECONDS * 1000)).toBe(true);
  });
});
