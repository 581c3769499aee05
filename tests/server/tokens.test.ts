import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminBrowser, anotherBrowser, devicesOf, enroll, signInAgain, unregisteredBrowser } from './helpers/devices';
import { setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('registration tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('generates a copyable 24-hour code for an admin device, lists it and revokes it', async () => {
    const admin = await adminBrowser(t);
    const d = devicesOf(t, admin);
    const created = await d.createToken(1);
    expect(created.status).toBe(201);
    const token = created.body.token;
    expect(token.code).toMatch(/^([A-Z2-9]{5}-){5}[A-Z2-9]{5}$/);
    expect(token).toMatchObject({ uses: 0, max_uses: 1, created_at: t.clock.now().toISOString() });
    expect(token.expires_at).toBe(new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString());
    expect(token.registration_url).toBe(`http://loadout.test/devices/enroll?code=${token.code}`);
    expect((await d.tokens()).body.tokens).toEqual([token]);
    // Stored hashed and encrypted, never in clear.
    const row = await t.app.ctx.db.selectFrom('device_tokens').selectAll().where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token.code);

    const other = await adminBrowser(t);
    const foreign = await devicesOf(t, other).revokeToken(token.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 'TOKEN_NOT_FOUND', message: 'Token not found' });
    expect((await devicesOf(t, other).tokens()).body.tokens).toEqual([]);

    expect((await d.revokeToken(token.id)).status).toBe(200);
    expect((await d.tokens()).body.tokens).toEqual([]);
    expect((await d.revokeToken(token.id)).body.code).toBe('TOKEN_NOT_FOUND');
    expect((await enroll(t, token.code)).body.code).toBe('REGISTRATION_CODE_EXPIRED');
  });

  it('refuses non-admin devices with 403 NOT_ADMIN_DEVICE', async () => {
    const admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    const member = await anotherBrowser(t, admin);
    for (const browser of [member, await unregisteredBrowser(t, admin)]) {
      const res = await devicesOf(t, browser).createToken(1);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'NOT_ADMIN_DEVICE', message: 'You do not have permission to generate tokens' });
    }
  });

  it("checks max uses against the free seats with the product's messages", async () => {
    const admin = await adminBrowser(t);
    const d = devicesOf(t, admin);
    const tooMany = await d.createToken(3);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ code: 'INVALID_MAX_USES', message: 'Max uses cannot exceed available seats (2)' });
    const zero = await d.createToken(0);
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('Max uses must be at least 1');
    await anotherBrowser(t, admin);
    await anotherBrowser(t, admin, 'Third laptop');
    const none = await d.createToken(1);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ code: 'NO_SEATS_AVAILABLE', message: 'No available seats for new devices' });
  });

  it('limits generation to 10 tokens an hour with TOKEN_RATE_LIMIT', async () => {
    let admin = await adminBrowser(t);
    for (let i = 0; i < 10; i += 1) expect((await devicesOf(t, admin).createToken(1)).status).toBe(201);
    const limited = await devicesOf(t, admin).createToken(1);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 'TOKEN_RATE_LIMIT',
      message: 'You can generate at most 10 tokens per hour. Please try again later.',
    });
    t.clock.advanceMinutes(61);
    admin = await signInAgain(t, admin);
    expect((await devicesOf(t, admin).createToken(1)).status).toBe(201);
  });

  it('expires codes after 24 hours, when used up, and hides them while every seat is taken', async () => {
    let admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    const d = () => devicesOf(t, admin);
    const expiring = (await d().createToken(1)).body.token;
    const twice = (await d().createToken(2)).body.token;

    expect((await enroll(t, twice.code)).status).toBe(201);
    expect((await d().tokens()).body.tokens.find((token) => token.id === twice.id)).toMatchObject({ uses: 1, max_uses: 2 });
    expect((await enroll(t, twice.code.toLowerCase().replace(/-/g, ' '))).status).toBe(201);
    const usedUp = await enroll(t, twice.code);
    expect(usedUp.status).toBe(400);
    expect(usedUp.body).toEqual({ code: 'REGISTRATION_CODE_USED_UP', message: 'This registration code has been used up' });
    expect((await d().tokens()).body.tokens.map((token) => token.id)).toEqual([expiring.id]);

    // 3 of 10 seats used: filling the other seven hides the remaining code.
    for (const name of ['Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth']) await anotherBrowser(t, admin, name);
    expect((await d().tokens()).body.tokens).toHaveLength(1);
    const tenth = await anotherBrowser(t, admin, 'Tenth');
    expect((await d().tokens()).body.tokens).toEqual([]);
    expect((await enroll(t, expiring.code)).body.code).toBe('DEVICE_LIMIT_REACHED');
    expect((await devicesOf(t, tenth).deactivateCurrent()).status).toBe(200);
    expect((await d().tokens()).body.tokens.map((token) => token.id)).toEqual([expiring.id]);

    t.clock.advanceHours(24);
    admin = await signInAgain(t, admin);
    expect((await d().tokens()).body.tokens).toEqual([]);
    const expired = await enroll(t, expiring.code);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ code: 'REGISTRATION_CODE_EXPIRED', message: 'This registration code has expired' });
  });
});
