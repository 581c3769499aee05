import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ProgressThrottle } from './progress-throttle';

describe('the progress throttle', () => {
  let written: string[];
  let throttle: ProgressThrottle<string>;
  beforeEach(() => {
    vi.useFakeTimers();
    written = [];
    throttle = new ProgressThrottle(async (report) => {
      written.push(report);
    }, 250);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the first report of an item through at once and writes only the latest of the rest when the window ends', async () => {
    expect(throttle.offer('item', '10%')).toBe(true);
    for (const report of ['20%', '30%', '40%']) expect(throttle.offer('item', report)).toBe(false);
    expect(throttle.offer('other', 'starting')).toBe(true);
    await vi.advanceTimersByTimeAsync(250);
    expect(written).toEqual(['40%']);
    throttle.offer('item', '90%');
    await vi.advanceTimersByTimeAsync(250);
    expect(written).toEqual(['40%', '90%']);
  });

  it('opens a new window for an item that was quiet for a whole window', async () => {
    throttle.offer('item', '10%');
    await vi.advanceTimersByTimeAsync(500);
    expect(throttle.offer('item', '20%')).toBe(true);
    expect(written).toEqual([]);
  });

  it('drops what it kept once the item reaches a final status', async () => {
    throttle.offer('item', '10%');
    throttle.offer('item', '20%');
    throttle.end('item');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written).toEqual([]);
    expect(throttle.offer('item', 'late')).toBe(true);
  });

  it('writes what it kept when it closes, and leaves no timer behind', async () => {
    throttle.offer('item', '10%');
    throttle.offer('item', '20%');
    await throttle.close();
    expect(written).toEqual(['20%']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
