import { describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';

import type { DeviceInventoryTable } from '../../db/schema';
import { driftRows, findDrift, type DeclaredApp } from './drift';

function app(id: number, apt: string | null, extra: Partial<App> = {}): App {
  return {
    app_id: id,
    name: `App ${id}`,
    apt_package: apt,
    winget_id: null,
    homebrew_id: null,
    flatpak_id: null,
    snap_id: null,
    choco_id: null,
    ...extra,
  } as App;
}
const row = (package_id: string, installed: string, available: string | null = null): DeviceInventoryTable => ({
  device_row_id: 'd1',
  manager: 'apt',
  package_id,
  installed_version: installed,
  available_version: available,
  available_security: 0,
});
const linux = { platform: 'linux', managers: '["apt"]', inventory_checked_at: '2026-01-01T00:00:00.000Z' };
const declare = (...entries: [App, string | null][]) =>
  new Map<number, DeclaredApp>(entries.map(([a, pin]) => [a.app_id, { app: a, pin }]));

describe('drift of one machine', () => {
  it('finds what is missing, off its pin, out of date and extra; an app its platform cannot have is not drift', () => {
    const hello = app(1, 'hello');
    const cowsay = app(2, 'cowsay');
    const sl = app(3, 'sl');
    const windowsOnly = app(4, null, { winget_id: 'Vendor.Tool' });
    const figlet = app(5, 'figlet');
    const findings = findDrift(
      linux,
      declare([hello, null], [cowsay, '3.03'], [sl, null], [windowsOnly, null]),
      [
        { id: 5, ...figlet },
        { id: 1, ...hello },
      ],
      [row('hello', '2.10', '2.12'), row('cowsay', '3.04'), row('figlet', '2.2.5')],
    );
    expect(findings).toEqual([
      { appId: 1, kind: 'outdated', installedVersion: '2.10', wantedVersion: '2.12' },
      { appId: 2, kind: 'off_pin', installedVersion: '3.04', wantedVersion: '3.03' },
      { appId: 3, kind: 'missing', installedVersion: null, wantedVersion: null },
      { appId: 5, kind: 'extra', installedVersion: '2.2.5', wantedVersion: null },
    ]);
  });

  it('leaves a pinned app with a newer version offered alone, and knows nothing of a machine that never reported', () => {
    const hello = app(1, 'hello');
    expect(findDrift(linux, declare([hello, '2.10']), [], [row('hello', '2.10', '2.12')])).toEqual([]);
    expect(findDrift({ ...linux, inventory_checked_at: null }, declare([hello, null]), [], [])).toEqual([]);
  });

  it('counts an installed package once: another app of the same package is not extra', () => {
    const curated = app(1, 'hello');
    const indexed = app(7, 'hello');
    const other = app(8, 'figlet');
    const twin = app(9, 'figlet');
    const findings = findDrift(
      linux,
      declare([curated, null]),
      [
        { id: 7, ...indexed },
        { id: 8, ...other },
        { id: 9, ...twin },
      ],
      [row('hello', '1'), row('figlet', '2')],
    );
    expect(findings).toEqual([{ appId: 8, kind: 'extra', installedVersion: '2', wantedVersion: null }]);
  });

  it('keeps when a difference was first seen while it stays of the same kind', () => {
    const ids = { deviceRowId: 'd1', userId: 'u1' };
    const first = driftRows([{ appId: 1, kind: 'outdated', installedVersion: '1', wantedVersion: '2' }], [], ids, 'T1');
    expect(first[0]).toMatchObject({ app_id: 1, kind: 'outdated', since: 'T1' });
    const newerOffered = driftRows([{ appId: 1, kind: 'outdated', installedVersion: '1', wantedVersion: '3' }], first, ids, 'T2');
    expect(newerOffered[0]).toMatchObject({ wanted_version: '3', since: 'T1' });
    const nowMissing = driftRows([{ appId: 1, kind: 'missing', installedVersion: null, wantedVersion: null }], newerOffered, ids, 'T3');
    expect(nowMissing[0]).toMatchObject({ kind: 'missing', since: 'T3' });
    expect(driftRows([], nowMissing, ids, 'T4')).toEqual([]);
  });
});
