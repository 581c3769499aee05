import { describe, expect, it } from 'vitest';

import { PLANS } from '@shared/plans';

import { appLimitReached, isListReadOnly, listLimitReached } from './list-limits';

describe('list limits', () => {
  it('words the free plan limits with the upgrade that lifts them', () => {
    expect(listLimitReached(PLANS.free).message).toBe('Your Free plan includes 1 app list. Upgrade to Premium for unlimited lists.');
    expect(appLimitReached(PLANS.free).message).toBe('Your Free plan allows up to 5 apps per list. Upgrade to Premium for up to 25.');
    expect(appLimitReached(PLANS.premium).message).toBe('Your Premium plan allows up to 25 apps per list.');
  });

  it('makes lists beyond the plan read-only: the newer ones, and the ones with too many apps', () => {
    expect(isListReadOnly(PLANS.free, 0, 5)).toBe(false);
    expect(isListReadOnly(PLANS.free, 0, 6)).toBe(true);
    expect(isListReadOnly(PLANS.free, 1, 0)).toBe(true);
    expect(isListReadOnly(PLANS.premium, 40, 25)).toBe(false);
  });
});
