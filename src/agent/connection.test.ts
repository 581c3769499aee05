import { describe, expect, it } from 'vitest';

import { AGENT_RECONNECT_BASE_MS, AGENT_RECONNECT_CAP_MS } from '@shared/agent/protocol';

import { backoffDelay } from './connection';

describe('reconnect backoff (full jitter)', () => {
  it('stays between 0 and base · 2^attempt', () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ceiling = AGENT_RECONNECT_BASE_MS * 2 ** attempt;
      expect(backoffDelay(attempt, () => 0)).toBe(0);
      expect(backoffDelay(attempt, () => 0.999999)).toBeLessThan(ceiling);
      expect(backoffDelay(attempt, () => 0.999999)).toBeGreaterThan(ceiling * 0.99);
    }
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    for (const attempt of [6, 10, 50, 1_000]) {
      expect(backoffDelay(attempt, () => 0.999999)).toBeLessThan(AGENT_RECONNECT_CAP_MS);
      expect(backoffDelay(attempt, () => 0.999999)).toBeGreaterThan(AGENT_RECONNECT_CAP_MS * 0.99);
    }
  });

  it('spreads agents over the whole window rather than bunching them at its end', () => {
    const delays = Array.from({ length: 2_000 }, () => backoffDelay(20));
    const early = delays.filter((delay) => delay < AGENT_RECONNECT_CAP_MS / 4).length;
    expect(early).toBeGreaterThan(350);
    expect(early).toBeLessThan(650);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
  });
});
