import { describe, expect, it } from 'vitest';

import { withoutTrailingSlashes } from './url';

describe('withoutTrailingSlashes', () => {
  it('drops every trailing slash and nothing else', () => {
    expect(withoutTrailingSlashes('https://loadout.example.com///')).toBe('https://loadout.example.com');
    expect(withoutTrailingSlashes('/devices/')).toBe('/devices');
    expect(withoutTrailingSlashes('/a/b')).toBe('/a/b');
    expect(withoutTrailingSlashes('///')).toBe('');
  });

  it('reads a long run of slashes in one pass', () => {
    expect(withoutTrailingSlashes(`x${'/'.repeat(100_000)}\u0000/`)).toBe(`x${'/'.repeat(100_000)}\u0000`);
  });
});
