import { describe, expect, it } from 'vitest';

import { bucketOf, judgeRing, ringName, ringOfMachine, ringsOf } from './rings';

describe('rollout rings', () => {
  it('puts a machine in its group ring first, else in the share covering its bucket, else everyone', () => {
    const rings = [
      { groupId: 'canary', percent: null },
      { groupId: null, percent: 10 },
      { groupId: null, percent: 15 },
    ];
    expect(ringOfMachine(rings, 'any', new Set(['canary']))).toBe(0);
    // The shares are cumulative over the buckets 0–99: 0–9 the first, 10–24 the second.
    const ids = Array.from({ length: 400 }, (_, index) => `device-${index}`);
    for (const id of ids) {
      const bucket = bucketOf(id);
      const expected = bucket < 10 ? 1 : bucket < 25 ? 2 : 3;
      expect(ringOfMachine(rings, id, new Set()), id).toBe(expected);
    }
    // The same machine is in the same ring every time, and the shares are roughly what they say.
    expect(ids.map((id) => ringOfMachine(rings, id, new Set()))).toEqual(ids.map((id) => ringOfMachine(rings, id, new Set())));
    const inFirstShare = ids.filter((id) => ringOfMachine(rings, id, new Set()) === 1).length;
    expect(inFirstShare).toBeGreaterThan(15);
    expect(inFirstShare).toBeLessThan(70);
    expect(ringOfMachine([], 'any', new Set())).toBe(0);
  });

  it('stops past the threshold of finished updates, opens the next once soaked, and waits otherwise', () => {
    expect(judgeRing({ sent: 5, succeeded: 4, failed: 1 }, 20, false)).toBe('wait');
    expect(judgeRing({ sent: 5, succeeded: 3, failed: 1 }, 20, false)).toBe('stop');
    expect(judgeRing({ sent: 5, succeeded: 4, failed: 1 }, 20, true)).toBe('open-next');
    // Nothing finished yet: a soaked ring still waits; one that had no machine to try goes on.
    expect(judgeRing({ sent: 3, succeeded: 0, failed: 0 }, 20, true)).toBe('wait');
    expect(judgeRing({ sent: 0, succeeded: 0, failed: 0 }, 20, true)).toBe('open-next');
    expect(judgeRing({ sent: 1, succeeded: 0, failed: 1 }, 100, true)).toBe('open-next');
  });

  it('names rings for people and reads only well-formed stored rings', () => {
    const names = new Map([['g1', 'Canary']]);
    expect(ringName({ groupId: 'g1', percent: null }, names)).toBe('Canary');
    expect(ringName({ groupId: 'gone', percent: null }, names)).toBe('A deleted group');
    expect(ringName({ groupId: null, percent: 25 }, names)).toBe('25 %');
    expect(ringName(undefined, names)).toBe('Everyone');
    expect(ringsOf({ rings: null })).toEqual([]);
    expect(ringsOf({ rings: 'not json' })).toEqual([]);
    expect(ringsOf({ rings: '[{"groupId":null,"percent":10}]' })).toEqual([{ groupId: null, percent: 10 }]);
  });
});
