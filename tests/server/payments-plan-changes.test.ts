import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { CreatePaymentIntentResponse } from '@shared/api/payment';
import type { CurrentPlan, DowngradeResponse, SubscriptionStatusResponse } from '@shared/api/subscription';

import { buildApp } from '../../src/server/app';
import { adminBrowser, devicesOf, enroll } from './helpers/devices';
import { loginUser, registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { catalogueOf, listsOf } from './helpers/lists';
import { createTestApp, JsonClient, type TestApp } from './helpers/test-app';

describe('downgrades, the scheduler and read-only data', () => {
  let t: TestApp;
  let app: App | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    // The first account is the admin, who adds an app to the catalogue.
    const admin = await adminBrowser(t);
    [app] = await catalogueOf(t, admin.token, 1, 'ReadOnly', () => ({ apt_package: 'hello' }));
  });
  afterAll(async () => {
    await t.close();
  });

  const planOf = async (token: string): Promise<CurrentPlan> =>
    (await t.api.get<SubscriptionStatusResponse>('/api/subscription/status', token)).body.currentPlan;

  async function buy(user: RegisteredUser, plan: 'premium' | 'annual_premium'): Promise<void> {
    const intent = await t.api.post<CreatePaymentIntentResponse>('/api/payment/create-payment-intent', { plan }, user.token);
    await t.api.post(
      '/api/payment/sandbox/confirm',
      { clientSecret: intent.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', billingEmail: user.email },
      user.token,
    );
    const verified = await t.api.post('/api/payment/verify', { paymentIntentId: intent.body.paymentIntentId, planType: plan }, user.token);
    expect(verified.status).toBe(200);
  }

  const relogin = async (user: RegisteredUser): Promise<RegisteredUser> => ({
    ...user,
    ...(await loginUser(t.api, user.email, user.password)),
  });

  it('schedules a downgrade for validUntil, cancels it, and refuses moves that are not downgrades', async () => {
    const user = await registerUser(t.api);
    expect((await t.api.post<ApiError>('/api/subscription/downgrade', { targetPlan: 'free' }, user.token)).body.code).toBe(
      'NOT_A_DOWNGRADE',
    );
    await buy(user, 'premium');
    const validUntil = (await planOf(user.token)).validUntil;

    const res = await t.api.post<DowngradeResponse>('/api/subscription/downgrade', { targetPlan: 'free' }, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      newPlan: 'free',
      effectiveDate: validUntil,
      message: 'Your plan stays Premium until April 1, 2026; then it becomes Free.',
    });
    expect(await planOf(user.token)).toMatchObject({ name: 'premium', status: 'downgrade', pendingPlan: 'free', validUntil });

    const cancelled = await t.api.post('/api/subscription/cancel-downgrade', undefined, user.token);
    expect(cancelled.status).toBe(200);
    expect(await planOf(user.token)).toMatchObject({ name: 'premium', status: 'active', pendingPlan: null });
    const again = await t.api.post<ApiError>('/api/subscription/cancel-downgrade', undefined, user.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NO_DOWNGRADE_SCHEDULED');
    expect((await t.api.post<ApiError>('/api/subscription/downgrade', { targetPlan: 'annual_premium' }, user.token)).body.code).toBe(
      'NOT_A_DOWNGRADE',
    );

    // Cancelled: at validUntil nothing is pending, so the paid plan simply lapses (no renewal is charged).
    t.clock.set(new Date(validUntil ?? ''));
    await t.app.services.subscription.applyDueChanges();
    expect((await planOf((await relogin(user)).token)).name).toBe('free');
  });

  it('a downgrade applies once at the clock’s validUntil, with two schedulers running', async () => {
    const user = await registerUser(t.api);
    await buy(user, 'annual_premium');
    const scheduled = await t.api.post<DowngradeResponse>('/api/subscription/downgrade', { targetPlan: 'free' }, user.token);
    const effective = new Date(scheduled.body.effectiveDate);

    // Two server processes on one PostgreSQL database; on SQLite, two runs at once in one process.
    const second = process.env.TEST_DB === 'postgres' ? await buildApp(t.config, { clock: t.clock, logger: false }) : null;
    try {
      t.clock.set(new Date(effective.getTime() - 1000));
      expect(await t.app.services.subscription.applyDueChanges()).toBe(0);
      let fresh = await relogin(user);
      expect((await planOf(fresh.token)).name).toBe('annual-premium');

      t.clock.set(effective);
      const runs = await Promise.all([
        t.app.services.subscription.applyDueChanges(),
        (second ?? t.app).services.subscription.applyDueChanges(),
        t.app.services.subscription.applyDueChanges(),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      fresh = await relogin(user);
      expect(await planOf(fresh.token)).toMatchObject({ name: 'free', status: 'active', pendingPlan: null, validUntil: null });
      await t.mail.waitFor(user.email, /plan is now Free/);
      expect(await t.app.services.subscription.applyDueChanges()).toBe(0);
      expect(t.mail.to(user.email).filter((mail) => /plan is now/.test(mail.subject))).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it('a downgrade from Annual Premium to Premium gives no unpaid Premium period: Free until Premium is paid for', async () => {
    const user = await registerUser(t.api);
    await buy(user, 'annual_premium');
    const scheduled = await t.api.post<DowngradeResponse>('/api/subscription/downgrade', { targetPlan: 'premium' }, user.token);
    expect(scheduled.body.message).toMatch(/then pay for Premium to continue with it/);
    t.clock.set(new Date(scheduled.body.effectiveDate));
    expect(await t.app.services.subscription.applyDueChanges()).toBe(1);
    const fresh = await relogin(user);
    expect(await planOf(fresh.token)).toMatchObject({ name: 'free', status: 'active', pendingPlan: null, validUntil: null });
    const mail = await t.mail.waitFor(user.email, /plan is now Free/);
    expect(mail.text).toContain('You chose Premium to follow it: it starts once you pay for it');
    expect(mail.links).toContain('http://loadout.test/payment-page?plan=premium');
  });

  it('after a downgrade, lists past the limit are read-only (also for installing) and nothing is deleted; limits follow the plan', async () => {
    let user = await registerUser(t.api);
    const lists = listsOf(t, user.token);
    const first = await lists.create('First');
    expect((await lists.create('Second')).body.code).toBe('LIST_LIMIT_REACHED');

    await buy(user, 'premium');
    t.clock.advanceMinutes(1);
    const second = await lists.create('Second');
    expect(second.status).toBe(201);
    await lists.add(second.body.id, app?.app_id ?? 0);

    // Three enrolled machines: premium has 10 seats.
    const browser = { token: user.token, deviceId: `dev_${'a'.repeat(12)}`, user };
    expect((await devicesOf(t, browser).register('Laptop')).status).toBe(200);
    const token = await devicesOf(t, browser).createToken(3);
    const machines = [];
    for (const name of ['Build 1', 'Build 2', 'Build 3']) {
      t.clock.advanceMinutes(1);
      const enrolled = await enroll(t, token.body.token.code, { deviceName: name });
      expect(enrolled.status).toBe(201);
      machines.push(enrolled.body.device.device_id);
    }
    expect((await planOf(user.token)).seats).toEqual({ limit: 10, used: 4 });

    await t.api.post('/api/subscription/downgrade', { targetPlan: 'free' }, user.token);
    t.clock.set(new Date((await planOf(user.token)).validUntil ?? ''));
    await t.app.services.subscription.applyDueChanges();
    user = await relogin(user);
    const fresh = listsOf(t, user.token);

    const plan = await planOf(user.token);
    expect(plan).toMatchObject({ name: 'free', seats: { limit: 3, used: 4 }, limits: { lists: 1, appsPerList: 5 } });
    const all = await fresh.all();
    expect(all.body.map((list) => [list.name, list.readOnly])).toEqual(
      expect.arrayContaining([
        ['First', false],
        ['Second', true],
      ]),
    );
    expect((await fresh.rename(second.body.id, 'Renamed')).body.code).toBe('LIST_READ_ONLY');
    expect(first.body.id).toBeTruthy();

    const api = new JsonClient(t.app);
    const install = await api.post<ApiError>('/api/installations', { listId: second.body.id, deviceIds: [machines[0]] }, user.token);
    expect(install.status).toBe(403);
    expect(install.body.code).toBe('LIST_READ_ONLY');

    // Seats: the laptop, Build 1 and Build 2 hold the three seats; Build 3 waits.
    await fresh.add(first.body.id, app?.app_id ?? 0);
    const over = await api.post<ApiError>('/api/installations', { listId: first.body.id, deviceIds: [machines[2]] }, user.token);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'DEVICE_OVER_SEAT_LIMIT', message: expect.stringContaining('Deactivate 1 device ') });
    const ok = await api.post('/api/installations', { listId: first.body.id, deviceIds: [machines[0]] }, user.token);
    expect(ok.status).toBe(201);
  });

  it('a paid plan that lapses goes back to free', async () => {
    let user = await registerUser(t.api);
    await buy(user, 'premium');
    const validUntil = (await planOf(user.token)).validUntil ?? '';
    t.clock.set(new Date(validUntil));
    expect(await t.app.services.subscription.applyDueChanges()).toBe(1);
    user = await relogin(user);
    expect((await planOf(user.token)).name).toBe('free');
    await t.mail.waitFor(user.email, /plan is now Free/);
  });
});
