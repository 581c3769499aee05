import { describe, expect, it } from 'vitest';

import { DEFAULT_SERVER_URL, DesktopConfigError, readDesktopConfig } from './config';

describe('readDesktopConfig', () => {
  it('defaults to the local server', () => {
    expect(readDesktopConfig({})).toEqual({ serverUrl: DEFAULT_SERVER_URL, appOrigin: 'http://localhost:3000' });
    expect(readDesktopConfig({ LOADOUT_SERVER_URL: '  ' }).serverUrl).toBe(DEFAULT_SERVER_URL);
  });

  it('takes LOADOUT_SERVER_URL and derives the origin from it', () => {
    expect(readDesktopConfig({ LOADOUT_SERVER_URL: 'https://loadout.example/app' })).toEqual({
      serverUrl: 'https://loadout.example/app',
      appOrigin: 'https://loadout.example',
    });
  });

  it.each(['file:///tmp/index.html', 'javascript:alert(1)', 'localhost:3000', 'not a url'])('refuses %s', (value) => {
    expect(() => readDesktopConfig({ LOADOUT_SERVER_URL: value })).toThrow(DesktopConfigError);
    expect(() => readDesktopConfig({ LOADOUT_SERVER_URL: value })).toThrow(/LOADOUT_SERVER_URL/);
  });
});
