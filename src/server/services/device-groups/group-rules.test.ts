import { describe, expect, it } from 'vitest';

import { describeRule, matchesRule, nameMatches } from './group-rules';

const machine = (device_name: string, platform = 'linux', tags: string[] | null = null) => ({
  device_name,
  platform,
  tags: tags === null ? null : JSON.stringify(tags),
});

describe('a group rule', () => {
  it('matches a name pattern in any case, with * for any run of characters', () => {
    expect(nameMatches('office-*', 'Office-12')).toBe(true);
    expect(nameMatches('office-*', 'home-office-1')).toBe(false);
    expect(nameMatches('*-lab-*', 'bench-lab-2')).toBe(true);
    expect(nameMatches('*-lab-*', 'bench-lab')).toBe(false);
    expect(nameMatches('desk', 'Desk')).toBe(true);
    expect(nameMatches('desk', 'Desk 2')).toBe(false);
    expect(nameMatches('a*a', 'a')).toBe(false);
    expect(nameMatches('a*a', 'aa')).toBe(true);
    expect(nameMatches('*', '')).toBe(true);
    // The middle pieces may not eat the end the last piece needs.
    expect(nameMatches('*ab*ab', 'xab')).toBe(false);
    expect(nameMatches('*ab*ab', 'abxab')).toBe(true);
    // Other characters are themselves: no pattern language behind it.
    expect(nameMatches('build.?', 'build.1')).toBe(false);
    expect(nameMatches('build.?', 'build.?')).toBe(true);
  });

  it('answers a pattern of many stars right, one search per piece', () => {
    const pattern = `${'a*'.repeat(32)}b`;
    expect(nameMatches(pattern, 'a'.repeat(64))).toBe(false);
    expect(nameMatches(pattern, `${'a'.repeat(32)}b`)).toBe(true);
    expect(nameMatches(pattern, `${'a'.repeat(31)}b`)).toBe(false);
  });

  it('needs every condition it names: platform, name and a tag the agent reported', () => {
    const rule = { platform: 'linux' as const, namePattern: 'office-*', tag: 'lab' };
    expect(matchesRule(rule, machine('office-1', 'linux', ['lab', 'second-floor']))).toBe(true);
    expect(matchesRule(rule, machine('office-1', 'windows', ['lab']))).toBe(false);
    expect(matchesRule(rule, machine('home-1', 'linux', ['lab']))).toBe(false);
    expect(matchesRule(rule, machine('office-1', 'linux', []))).toBe(false);
    expect(matchesRule(rule, machine('office-1', 'linux', null))).toBe(false);
    expect(matchesRule({ platform: null, namePattern: null, tag: 'lab' }, { ...machine('x'), tags: 'not json' })).toBe(false);
    expect(matchesRule({ platform: 'macos', namePattern: null, tag: null }, machine('anything', 'macos'))).toBe(true);
  });

  it('reads as words', () => {
    expect(describeRule({ platform: 'linux', namePattern: 'office-*', tag: 'lab' })).toBe('Linux machines named office-* tagged lab');
    expect(describeRule({ platform: null, namePattern: null, tag: 'kiosk' })).toBe('machines tagged kiosk');
  });
});
