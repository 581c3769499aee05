import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { devicesResponseSchema, type DevicesResponse } from '@shared/api/devices';
import { listItemsResponseSchema, type ListItemsResponse } from '@shared/api/lists';
import { perPackageField } from '@shared/package-managers';

import { compileWriter } from './fast-serializer';

const device: DevicesResponse['devices'][number] = {
  device_id: 'dev_1',
  deviceId: 'dev_1',
  device_name: 'Ann\'s "laptop" \u2028 ü',
  deviceName: 'Ann\'s "laptop" \u2028 ü',
  platform: 'linux',
  device_type: 'remote',
  registration_method: 'token',
  capabilities: ['receive_installations', 'admin'],
  is_active: true,
  is_current: false,
  is_admin: true,
  last_active: null,
  lastActive: null,
  created_at: '2026-11-26T03:00:00.000Z',
  connection_status: 'online',
  minutes_since_active: null,
  location: null,
  protected_until: '2026-11-29T03:00:00.000Z',
  isInCooldown: true,
  cooldown_remaining_minutes: 4320,
  removable_minutes_left: 0,
  arch: 'x64',
  agent_version: null,
  duplicate_agent: { at: '2026-11-25T03:00:00.000Z', from: null },
  agent_update: { state: 'failed', version: '1.2.3', message: null, at: '2026-11-25T04:00:00.000Z' },
};

const viaZod = (schema: z.ZodType, value: unknown) => JSON.stringify(schema.encode(value));

describe('the precompiled response writer', () => {
  it('writes what zod and JSON.stringify write for the devices answer', () => {
    const write = compileWriter(devicesResponseSchema);
    const { agent_update: _absent, ...older } = device;
    const answers: DevicesResponse[] = [
      { devices: [], seatLimit: 3, seatsUsed: 0, activeToday: 0, deactivationAvailableAt: null },
      {
        devices: [device, { ...device, agent_update: null, duplicate_agent: null, capabilities: [] }, older],
        seatLimit: 25,
        seatsUsed: 3,
        activeToday: 1,
        deactivationAvailableAt: '2026-11-27T03:00:00.000Z',
      },
    ];
    for (const answer of answers) expect(write(answer)).toBe(viaZod(devicesResponseSchema, answer));
  });

  it('leaves out fields the schema does not name, keeping the schema order', () => {
    const write = compileWriter(devicesResponseSchema);
    const leaky = {
      secret: 'no',
      deactivationAvailableAt: null,
      activeToday: 0,
      seatsUsed: 0,
      seatLimit: 3,
      devices: [{ ...device, credential_hash: 'x' }],
    };
    expect(write(leaky)).toBe(viaZod(devicesResponseSchema, leaky));
    expect(write(leaky)).not.toMatch(/secret|credential_hash/);
  });

  it('writes what zod writes for a list of apps', () => {
    const write = compileWriter(listItemsResponseSchema);
    const app: ListItemsResponse['items'][number] = {
      app_id: 7,
      name: 'Firefox',
      description: 'A browser.\nWith "quotes".',
      category: 2,
      category_name: 'Browsers',
      publisher: 'Mozilla',
      curated: true,
      website: 'https://www.mozilla.org/',
      file_size_kb: 81_000,
      icon_file_location: '/catalogue/icons/7.webp?v=0123456789abcdef',
      ...perPackageField(() => null),
      winget_id: 'Mozilla.Firefox',
      homebrew_cask: 'firefox',
      apt_package: 'firefox-esr',
      flatpak_id: 'org.mozilla.firefox',
      snap_name: 'firefox',
      platforms: ['windows', 'macos', 'linux'],
      position: 0,
      size_kb: 81_000,
      addedAt: '2026-11-26T03:00:00.000Z',
      own_app: false,
      pinnedVersion: null,
    };
    const answer = {
      items: [
        app,
        { ...app, app_id: 8, position: 1, winget_id: null, platforms: ['linux' as const], own_app: true, pinnedVersion: '1:2.3-1~rc1' },
      ],
    };
    expect(write(answer)).toBe(viaZod(listItemsResponseSchema, answer));
  });

  it('fails an answer whose values are not what the schema says, as zod does', () => {
    const write = compileWriter(devicesResponseSchema);
    const good = { devices: [device], seatLimit: 3, seatsUsed: 1, activeToday: 1, deactivationAvailableAt: null };
    expect(() => write({ ...good, seatLimit: 2.5 })).toThrow(/seatLimit is not an integer/);
    expect(() => write({ ...good, devices: [{ ...device, platform: 'beos' }] })).toThrow(/devices\[\]\.platform is not one of/);
    expect(() => write({ ...good, devices: [{ ...device, is_admin: 1 }] })).toThrow(/is_admin is not true or false/);
    expect(() => write({ ...good, deactivationAvailableAt: undefined })).toThrow(/deactivationAvailableAt is not a string/);
    expect(() => write({ ...good, devices: [{ ...device, device_name: undefined }] })).toThrow(/device_name is not a string/);
  });

  it('refuses, when the route is registered, a schema it cannot write', () => {
    expect(() => compileWriter(z.object({ n: z.preprocess((value) => value, z.number()) }))).toThrow(/: n is a pipe/);
    expect(() => compileWriter(z.union([z.string(), z.number()]))).toThrow(/is a union/);
  });
});
