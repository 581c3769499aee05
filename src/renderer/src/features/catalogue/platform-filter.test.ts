import { describe, expect, it } from 'vitest';

import { makeApp } from '../../test/factories';
import { appsForPlatform } from './platform-filter';

describe('appsForPlatform', () => {
  const firefox = makeApp({ app_id: 1, name: 'Firefox', platforms: ['windows', 'macos', 'linux'] });
  const notepad = makeApp({ app_id: 2, name: 'Notepad++', platforms: ['windows'] });
  const iterm = makeApp({ app_id: 3, name: 'iTerm2', platforms: ['macos'] });
  const apps = [firefox, notepad, iterm];

  it('keeps only the apps that have a package for the chosen platform', () => {
    expect(appsForPlatform(apps, 'windows').map((app) => app.name)).toEqual(['Firefox', 'Notepad++']);
    expect(appsForPlatform(apps, 'macos').map((app) => app.name)).toEqual(['Firefox', 'iTerm2']);
    expect(appsForPlatform(apps, 'linux').map((app) => app.name)).toEqual(['Firefox']);
  });

  it('keeps every app for "all"', () => {
    expect(appsForPlatform(apps, 'all')).toEqual(apps);
  });
});
