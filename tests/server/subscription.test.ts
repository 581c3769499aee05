import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('GET /api/subscription/status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("puts a new account on the free plan with the catalogue's limits in the clients' shape", async () => {
    const user = await registerUser(t.api);
    const res = await t.api.get<{ currentPlan: Record<string, unknown> }>('/api/subscription/status', user.token);
    expect(res.status).toBe(200);
    expect(res.body.currentPlan).toMatchObject({
      name: 'free',
      plan_type: 'free',
      status: 'active',
      pendingPlan: null,
      validUntil: null,
      displayName: 'Free',
      seats: { limit: 3, used: 0 },
      limits: { devices: 3, storage: '100MB', bandwidth: '1GB', lists: 1, appsPerList: 5, historyDays: 7, cooldownHours: 72 },
    });
    expect(res.body.currentPlan.features).toContain('1 app list');
    expect(res.body.currentPlan.features).toContain('Up to 3 devices');
    expect(res.body.currentPlan.updatedAt).toBe(t.clock.now().toISOString());
  });
});
