import { describe, expect, it } from 'vitest';

import { DesktopConfigError, readDesktopConfig } from './config';

describe('readDesktopConfig', () => {
  it('has no server until one is set: the person is asked at first start', () => {
    expect(readDesktopConfig({})).toBeNull();
    expect(readDesktopConfig({ LOADOUT_SERVER_URL: '  ' })).toBeNull();
  });

  it('takes the server chosen in the client', () => {
    expect(readDesktopConfig({}, { serverUrl: 'https://loadout.example/' })).toEqual({
      serverUrl: 'https://loadout.example',
      appOrigin: 'https://loadout.example',
    });
  });

  it('prefers LOADOUT_SERVER_URL and derives the origin from it', () => {
    expect(readDesktopConfig({ LOADOUT_SERVER_URL: 'https://loadout.example/app' }, { serverUrl: 'https://other.example' })).toEqual({
      serverUrl: 'https://loadout.example/app',
      appOrigin: 'https://loadout.example',
    });
  });

  it.each(['file:///tmp/index.html', 'javascript:alert(1)', 'localhost:3000', 'not a url', 'https://user:pw@loadout.example'])(
    'refuses %s',
    (value) => {
      expect(() => readDesktopConfig({ LOADOUT_SERVER_URL: value })).toThrow(DesktopConfigError);
      expect(() => readDesktopConfig({ LOADOUT_SERVER_URL: value })).toThrow(/LOADOUT_SERVER_URL/);
    },
  );
});
