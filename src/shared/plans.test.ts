import { describe, expect, it } from 'vitest';

import { annualSavingPercent, compareTiers, formatPrice, getPlan, normalizePlanId, PLANS } from './plans';

describe('plans', () => {
  it('charges the catalogue amounts and computes the 17% saving', () => {
    expect(formatPrice(PLANS.premium)).toBe('$9.99/month');
    expect(formatPrice(PLANS['annual-premium'])).toBe('$99.00/year');
    expect(annualSavingPercent(PLANS.premium.priceCents, PLANS['annual-premium'].priceCents)).toBe(17);
  });

  it('accepts both spellings of annual premium and falls back to free', () => {
    expect(normalizePlanId('annual_premium')).toBe('annual-premium');
    expect(normalizePlanId('gold')).toBeNull();
    expect(getPlan(undefined).id).toBe('free');
  });

  it('ranks free < premium < annual premium', () => {
    expect(compareTiers('free', 'premium')).toBeLessThan(0);
    expect(compareTiers('annual-premium', 'premium')).toBeGreaterThan(0);
  });

  it('has the limits of each plan', () => {
    expect(PLANS.free.limits).toMatchObject({ lists: 1, appsPerList: 5, devices: 3, cooldownHours: 72 });
    expect(PLANS.premium.limits).toMatchObject({ lists: null, appsPerList: 25, devices: 10, cooldownHours: 24 });
    expect(PLANS['annual-premium'].limits.devices).toBe(25);
  });

  it("states each plan's device limit among the features its card lists", () => {
    expect(PLANS.free.features).toContain('Up to 3 devices');
    expect(PLANS.premium.features).toContain('Up to 10 devices');
    expect(PLANS['annual-premium'].features).toContain('Up to 25 devices');
  });
});
