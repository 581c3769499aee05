import { describe, expect, it } from 'vitest';

import { defaultDeviceName } from './device-naming';

describe('defaultDeviceName', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36', 'Chrome on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on macOS'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Loadout/0.1.0 Chrome/146.0.0.0 Electron/41.7.1 Safari/537.36',
      'Loadout app on Linux',
    ],
  ])('names %s', (userAgent, name) => {
    expect(defaultDeviceName(userAgent)).toBe(name);
  });
});
