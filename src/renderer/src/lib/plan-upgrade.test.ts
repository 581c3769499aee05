import { describe, expect, it } from 'vitest';

import { appsUpgradeHint, devicesUpgradeHint, listsUpgradeHint } from './plan-upgrade';

describe('which plan lifts a limit', () => {
  it('names the next plan up from the catalogue', () => {
    expect(listsUpgradeHint('free')).toBe('Upgrade to Premium for unlimited lists.');
    expect(listsUpgradeHint('premium')).toBeNull();
    expect(appsUpgradeHint('free')).toBe('Upgrade to Premium for up to 25 apps per list.');
    expect(appsUpgradeHint('premium')).toBeNull();
    expect(devicesUpgradeHint('free')).toBe('Upgrade to Premium for up to 10 devices.');
    expect(devicesUpgradeHint('premium')).toBe('Upgrade to Annual Premium for up to 25 devices.');
    expect(devicesUpgradeHint('annual-premium')).toBeNull();
  });
});
