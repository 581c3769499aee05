import { describe, expect, it } from 'vitest';

import { formatAppSize, formatCount, formatLastActive, formatListSize, formatListSizeGb } from './format';

describe('formatLastActive', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it("follows the product's thresholds", () => {
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

  it('sums only the known sizes and says how many apps have none, never counting them as 0', () => {
    const git = { file_size_kb: 44_890 };
    const chrome = { file_size_kb: null, size_kb: null };
    expect(formatListSizeGb([{ file_size_kb: 1024 * 1024 }, chrome])).toBe('1.00 GB (size of 1 app unknown)');
    expect(formatListSizeGb([git, chrome, chrome])).toBe('0.04 GB (size of 2 apps unknown)');
    expect(formatListSizeGb([chrome, chrome])).toBe('size unknown');
    expect(formatListSize(0, 0)).toBe('0.00 GB');
    expect(formatListSize(3 * 1024 * 1024, 0)).toBe('3.00 GB');
  });
});

describe('formatAppSize', () => {
  it('gives MB below a GB, GB from there, and nothing for an unknown size', () => {
    expect(formatAppSize(44_890)).toBe('43.8 MB');
    expect(formatAppSize(2 * 1024 * 1024)).toBe('2.00 GB');
    expect(formatAppSize(30)).toBe('0.1 MB');
    expect(formatAppSize(null)).toBeNull();
    expect(formatAppSize(undefined)).toBeNull();
    expect(formatAppSize(0)).toBeNull();
  });
});

describe('formatCount', () => {
  it('groups thousands with commas, as the product writes numbers', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(14_413)).toBe('14,413');
  });
});
