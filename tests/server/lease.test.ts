import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { withLease, type Lease } from '../../src/server/services/lease';
import { createTestApp, type TestApp } from './helpers/test-app';

// Every server process runs the scheduler; a scheduled task runs in one of them at a time by
// taking its lease first (services/lease.ts).
describe('withLease', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const lease = (name: string, release: Lease['release']): Lease => ({ name, ms: 5 * 60_000, release });

  it('runs a task in one process at a time: a second taker is answered busy without running', async () => {
    const ctx = t.app.ctx;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withLease(ctx, lease('one-at-a-time', 'after-run'), 'busy', async () => {
      await held;
      return 'ran';
    });
    let secondRan = false;
    const second = await withLease(ctx, lease('one-at-a-time', 'after-run'), 'busy', async () => {
      secondRan = true;
      return 'ran';
    });
    release();
    expect([await first, second, secondRan]).toEqual(['ran', 'busy', false]);
    // Released after the run: the next tick runs it again.
    expect(await withLease(ctx, lease('one-at-a-time', 'after-run'), 'busy', async () => 'ran again')).toBe('ran again');
  });

  it('keeps a once-per-period lease until it expires, and gives it up at once when the run fails', async () => {
    const ctx = t.app.ctx;
    const periodic = lease('once-per-period', 'when-expired');
    expect(await withLease(ctx, periodic, 0, async () => 1)).toBe(1);
    expect(await withLease(ctx, periodic, 0, async () => 1)).toBe(0);
    t.clock.advance(5 * 60_000);
    await expect(withLease(ctx, periodic, 0, () => Promise.reject(new Error('mail server down')))).rejects.toThrow('mail server down');
    expect(await withLease(ctx, periodic, 0, async () => 2)).toBe(2);
  });
});
