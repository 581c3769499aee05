import { describe, expect, it } from 'vitest';

import { isValidSearchQuery, isValidSearchResult, rankSearchResults } from './machine-search';

describe('the search query grammar', () => {
  it.each(['firefox', 'python3.12', 'g++', 'visual studio code', 'node@20', 'Mozilla.Firefox', 'a-b_c'])('takes %j', (query) => {
    expect(isValidSearchQuery(query)).toBe(true);
  });

  it.each([
    '',
    'x',
    '-o',
    '--option',
    ' firefox',
    'firefox ',
    '$(id)',
    'a;b',
    'a|b',
    'a\nb',
    'a\tb',
    'a/b',
    'a*',
    '[a]',
    'a\\b',
    "a'b",
    'a"b',
    'ü-ber',
    'a'.repeat(65),
  ])('refuses %j', (query) => {
    expect(isValidSearchQuery(query)).toBe(false);
  });
});

describe('search results', () => {
  it("keeps only ids their manager's grammar takes", () => {
    expect(isValidSearchResult('apt', { id: 'zstd', name: 'zstd' })).toBe(true);
    expect(isValidSearchResult('apt', { id: 'zstd-', name: 'zstd' })).toBe(false);
    expect(isValidSearchResult('brew', { id: 'homebrew/core/node', name: 'node' })).toBe(false);
    expect(isValidSearchResult('brew', { id: 'firefox', name: 'firefox', cask: true })).toBe(true);
    expect(isValidSearchResult('winget', { id: '9N4ZQBL4KMDJ', name: 'Store app' })).toBe(false);
    expect(isValidSearchResult('simulated', { id: 'hello', name: 'hello' })).toBe(false);
  });

  it('ranks exact matches, then prefixes, then the rest, keeping the manager order within each', () => {
    const ranked = rankSearchResults(
      [
        { id: 'libzstd1', name: 'libzstd1' },
        { id: 'zstd-tools', name: 'zstd-tools' },
        { id: 'zarchive', name: 'zarchive' },
        { id: 'zstd', name: 'zstd' },
      ],
      'ZSTD',
    );
    expect(ranked.map((result) => result.id)).toEqual(['zstd', 'zstd-tools', 'libzstd1', 'zarchive']);
  });
});
