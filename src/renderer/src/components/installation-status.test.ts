import { describe, expect, it } from 'vitest';

import { targetStatusLook } from './installation-status';

const waiting = { status: 'waiting' as const, deviceName: 'Lab PC', deviceSeenAt: null, items: [] };

describe("a device's job status", () => {
  it('says a next-start job waits for the next start, until its deadline, even on a machine that is on', () => {
    const look = targetStatusLook({ ...waiting, deviceOnline: true, nextStartBy: '2030-01-03T10:00:00.000Z' });
    expect(look.label).toMatch(/^Waits for its next start \(until .+\)$/);
    expect(look.label).not.toContain('Starting');
  });

  it('says a job of now starts on a machine that is on, and waits for one that is off', () => {
    expect(targetStatusLook({ ...waiting, deviceOnline: true, nextStartBy: null }).label).toBe('Starting');
    expect(targetStatusLook({ ...waiting, deviceOnline: false, nextStartBy: null }).label).toBe('Waiting for device');
  });
});
