import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { registerUser, uniqueEmail } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

// CI has Redis; elsewhere the suite says it skipped rather than failing for a missing service.
const available = await redisAnswers();
if (!available && process.env.CI === 'true') throw new Error(`Redis is required in CI but does not answer at ${REDIS_URL}`);

describe.skipIf(!available)('rate limits shared through Redis (REDIS_URL)', () => {
  const prefix = `loadout-test-${randomBytes(4).toString('hex')}:`;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_PREFIX: prefix };
    first = await createTestApp({ env });
    second = await createTestApp({ env, configure: (config) => void (config.rateLimit = first.config.rateLimit) });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts sign-in attempts from one IP across two server processes', async () => {
    const limits = { ...first.config.rateLimit, authPerIp: 3, authPerAccount: 100, windowMs: 15 * 60_000 };
    first.config.rateLimit = limits;
    second.config.rateLimit = limits;
    const attempt = (t: TestApp) =>
      t.api.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'whatever1' },
        remoteAddress: '10.9.0.1',
      });

    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(second)).status).toBe(401);
    expect((await attempt(first)).status).toBe(401);
    const limited = await attempt(second);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('never scans the keyspace: a sign-in, good or bad, touches only its own counters', async () => {
    first.config.rateLimit = { ...first.config.rateLimit, authPerIp: 100, authPerAccount: 100 };
    const user = await registerUser(first.api);
    const monitor = await new Redis(REDIS_URL).monitor();
    const commands: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => commands.push(args));
    try {
      const login = (password: string) =>
        first.api.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, remoteAddress: '10.9.0.2' });
      expect((await login('wrong guess')).status).toBe(401);
      expect((await login(user.password)).status).toBe(200);
      await vi.waitFor(() => expect(commands.some((args) => args[0]?.toLowerCase() === 'del')).toBe(true));
    } finally {
      monitor.disconnect();
    }
    const ours = commands.filter((args) => args.some((arg) => arg.includes(prefix)));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.map((args) => args[0]?.toLowerCase())).not.toContain('keys');
    expect(commands.map((args) => args[0]?.toLowerCase())).not.toContain('scan');
  });
});
