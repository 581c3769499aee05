import { describe, expect, it } from 'vitest';

import { formatLastActive, formatListSizeGb } from './format';

describe('formatLastActive', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it('follows SPEC §9 thresholds', () => {
    expect(formatLastActive(null, now)).toBe('Never');
    expect(formatLastActive(ago(0.5), now)).toBe('Just now');
    expect(formatLastActive(ago(5), now)).toBe('5m ago');
    expect(formatLastActive(ago(59), now)).toBe('59m ago');
    expect(formatLastActive(ago(60), now)).toBe('1h ago');
    expect(formatLastActive(ago(1439), now)).toBe('23h ago');
    expect(formatLastActive(ago(1440), now)).toBe('1d ago');
    expect(formatLastActive('not a date', now)).toBe('Never');
  });
});

describe('formatListSizeGb', () => {
  it('sums kilobytes from either field and shows GB with two decimals', () => {
    expect(formatListSizeGb([])).toBe('0.00 GB');
    expect(formatListSizeGb([{ file_size_kb: 1024 * 1024 }, { size_kb: 512 * 1024 }])).toBe('1.50 GB');
  });
});
