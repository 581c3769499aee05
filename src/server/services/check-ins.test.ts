import { describe, expect, it } from 'vitest';

import { CHECK_IN_CHANGES_KEPT } from '@shared/api/monitoring';
import { perPackageField } from '@shared/package-managers';

import { appNamesByPackage, inventoryCheckIn, toCheckIn, versionChanges } from './check-ins';

const row = (packageId: string, installed: string, available: string | null = null) => ({
  manager: 'apt' as const,
  package_id: packageId,
  installed_version: installed,
  available_version: available,
});

describe('check-ins', () => {
  it('finds what was installed, removed and changed between two inventories, and nothing in the first', () => {
    const before = [row('hello', '2.10-2'), row('cowsay', '3.03'), row('jq', '1.6')];
    const after = [row('hello', '2.10-3'), row('jq', '1.6'), row('sl', '5.02')];
    expect(versionChanges(before, after)).toEqual([
      { manager: 'apt', packageId: 'hello', from: '2.10-2', to: '2.10-3' },
      { manager: 'apt', packageId: 'sl', from: null, to: '5.02' },
      { manager: 'apt', packageId: 'cowsay', from: '3.03', to: null },
    ]);
    expect(versionChanges(null, after)).toEqual([]);
  });

  it('keeps at most CHECK_IN_CHANGES_KEPT changes and says how many more there were', () => {
    const after = Array.from({ length: CHECK_IN_CHANGES_KEPT + 7 }, (_, i) => row(`pkg-${i}`, '1.0', i % 2 ? '1.1' : null));
    const stored = inventoryCheckIn({ id: 'c1', userId: 'u1', deviceRowId: 'd1', at: '2026-11-24T07:00:00.000Z' }, [], after);
    expect(stored).toMatchObject({
      kind: 'inventory',
      apps: after.length,
      outdated: Math.floor(after.length / 2),
      changes_total: after.length,
    });
    const shown = toCheckIn(stored, new Map());
    expect(shown.changes).toHaveLength(CHECK_IN_CHANGES_KEPT);
    expect(shown.moreChanges).toBe(7);
    expect(shown.changes[0]).toEqual({ name: 'pkg-0', manager: 'apt', packageId: 'pkg-0', from: null, to: '1.0' });
  });

  it("names a change by the catalogue app of the machine's platform", () => {
    const apps = [
      { ...perPackageField(() => null), name: 'GNU Hello', apt_package: 'hello', winget_id: 'GNU.Hello', homebrew_formula: 'hello' },
    ];
    const names = appNamesByPackage(apps, 'linux');
    expect(names.get('apt\u0000hello')).toBe('GNU Hello');
    expect(names.has('brew\u0000hello')).toBe(false);
  });
});
