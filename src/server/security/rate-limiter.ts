import type { Redis } from 'ioredis';

import { ErrorCode } from '@shared/api/errors';

import type { Clock } from '../clock';
import { AppError } from '../errors';

export interface RateLimitRule {
  /** How many hits a key may make per window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters keyed by a string such as `login:ip:1.2.3.4` or `login:account:a@b.c`.
 * In memory for one process; in Redis when REDIS_URL is set, so several servers share them.
 *
 * Why our own and not @fastify/rate-limit or rate-limiter-flexible: every time the server
 * reads goes through the injected clock (docs/patterns.md, "Time"), so tests move windows instead of
 * sleeping; both libraries read Date.now() themselves. The window index is part of each
 * key, which also lets `reset` name the one key to delete (no KEYS scan).
 */
export interface RateLimiter {
  /** Counts a hit; throws 429 RATE_LIMITED when the key is over its limit. */
  hit(key: string, rule: RateLimitRule, message?: string): Promise<void>;
  /** Throws 429 when the key has already used its limit, without counting. */
  check(key: string, rule: RateLimitRule, message?: string): Promise<void>;
  /** Hits so far in the current window. */
  count(key: string, rule: RateLimitRule): Promise<number>;
  /** Counts a hit and returns the new total (for counters that only slow down). */
  increment(key: string, rule: RateLimitRule): Promise<number>;
  reset(key: string, rule: RateLimitRule): Promise<void>;
  close(): Promise<void>;
}

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

function limited(message: string, retryAfterMs: number): AppError {
  return new AppError(429, ErrorCode.RATE_LIMITED, message, { retryAfterSeconds: String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/** The window a moment falls in: aligned on the epoch, so every process agrees. */
function windowOf(clock: Clock, rule: RateLimitRule): { index: number; endsInMs: number } {
  const now = clock.now().getTime();
  const index = Math.floor(now / rule.windowMs);
  return { index, endsInMs: (index + 1) * rule.windowMs - now };
}

/** hit, check and count in terms of two primitives, so both stores agree on what they mean. */
abstract class WindowCounter implements RateLimiter {
  constructor(protected readonly clock: Clock) {}

  protected abstract read(key: string, index: number): Promise<number>;
  protected abstract add(key: string, index: number, windowMs: number): Promise<number>;
  protected abstract remove(key: string, index: number): Promise<void>;
  abstract close(): Promise<void>;

  async hit(key: string, rule: RateLimitRule, message = RATE_LIMIT_MESSAGE): Promise<void> {
    const window = windowOf(this.clock, rule);
    if ((await this.add(key, window.index, rule.windowMs)) > rule.limit) throw limited(message, window.endsInMs);
  }

  async check(key: string, rule: RateLimitRule, message = RATE_LIMIT_MESSAGE): Promise<void> {
    const window = windowOf(this.clock, rule);
    if ((await this.read(key, window.index)) >= rule.limit) throw limited(message, window.endsInMs);
  }

  count(key: string, rule: RateLimitRule): Promise<number> {
    return this.read(key, windowOf(this.clock, rule).index);
  }

  increment(key: string, rule: RateLimitRule): Promise<number> {
    return this.add(key, windowOf(this.clock, rule).index, rule.windowMs);
  }

  reset(key: string, rule: RateLimitRule): Promise<void> {
    return this.remove(key, windowOf(this.clock, rule).index);
  }
}

export class MemoryRateLimiter extends WindowCounter {
  private readonly counters = new Map<string, { index: number; count: number; windowMs: number }>();

  protected async read(key: string, index: number): Promise<number> {
    const counter = this.counters.get(key);
    return counter && counter.index === index ? counter.count : 0;
  }

  protected async add(key: string, index: number, windowMs: number): Promise<number> {
    const current = this.counters.get(key);
    const counter = current && current.index === index ? current : { index, count: 0, windowMs };
    counter.count += 1;
    this.counters.set(key, counter);
    if (this.counters.size > 50_000) this.prune();
    return counter.count;
  }

  protected async remove(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  /** Bounded memory under a flood of distinct keys: forget every window that has ended. */
  private prune(): void {
    const now = this.clock.now().getTime();
    for (const [key, counter] of this.counters) if (now >= (counter.index + 1) * counter.windowMs) this.counters.delete(key);
  }
}

export class RedisRateLimiter extends WindowCounter {
  constructor(
    private readonly redis: Redis,
    clock: Clock,
    private readonly prefix: string,
  ) {
    super(clock);
  }

  private keyOf(key: string, index: number): string {
    return `${this.prefix}rl:${key}:${index}`;
  }

  protected async read(key: string, index: number): Promise<number> {
    return Number((await this.redis.get(this.keyOf(key, index))) ?? 0);
  }

  protected async add(key: string, index: number, windowMs: number): Promise<number> {
    const redisKey = this.keyOf(key, index);
    // One round trip, and the expiry is set with the first hit (NX), never left off.
    const results = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').exec();
    const [error, count] = results?.[0] ?? [new Error('Redis transaction aborted'), 0];
    if (error) throw error;
    return Number(count);
  }

  protected async remove(key: string, index: number): Promise<void> {
    await this.redis.del(this.keyOf(key, index));
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/** In memory, or shared through Redis when REDIS_URL is set (ioredis is loaded only then). */
export async function createRateLimiter(redisUrl: string | null, clock: Clock, prefix = 'loadout:'): Promise<RateLimiter> {
  if (!redisUrl) return new MemoryRateLimiter(clock);
  const { Redis: RedisClient } = await import('ioredis');
  return new RedisRateLimiter(new RedisClient(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }), clock, prefix);
}
