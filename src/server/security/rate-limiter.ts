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
 * Reads time through the injected clock, so tests move time instead of sleeping.
 */
export interface RateLimiter {
  /** Counts a hit; throws 429 RATE_LIMITED when the key is over its limit. */
  hit(key: string, rule: RateLimitRule, message?: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

function limited(message: string, retryAfterMs: number): AppError {
  return new AppError(429, ErrorCode.RATE_LIMITED, message, { retryAfterSeconds: String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, rule: RateLimitRule, message = DEFAULT_MESSAGE): Promise<void> {
    const now = this.clock.now().getTime();
    const current = this.windows.get(key);
    const window = current && now - current.start < rule.windowMs ? current : { start: now, count: 0 };
    window.count += 1;
    this.windows.set(key, window);
    if (this.windows.size > 50_000) this.prune(now, rule.windowMs);
    if (window.count > rule.limit) throw limited(message, window.start + rule.windowMs - now);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(key);
  }
}

/** In memory, or shared through Redis when REDIS_URL is set (ioredis is loaded only then). */
export async function createRateLimiter(redisUrl: string | null, clock: Clock, prefix = 'loadout:'): Promise<RateLimiter> {
  if (!redisUrl) return new MemoryRateLimiter(clock);
  const { Redis: RedisClient } = await import('ioredis');
  return new RedisRateLimiter(new RedisClient(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }), clock, prefix);
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix: string,
  ) {}

  async hit(key: string, rule: RateLimitRule, message = DEFAULT_MESSAGE): Promise<void> {
    // The window index is part of the key, so the counter resets on the injected clock too.
    const now = this.clock.now().getTime();
    const windowIndex = Math.floor(now / rule.windowMs);
    const redisKey = `${this.prefix}rl:${key}:${windowIndex}`;
    const count = await this.redis.incr(redisKey);
    if (count === 1) await this.redis.pexpire(redisKey, rule.windowMs);
    if (count > rule.limit) throw limited(message, (windowIndex + 1) * rule.windowMs - now);
  }

  async reset(key: string): Promise<void> {
    const keys = await this.redis.keys(`${this.prefix}rl:${key}:*`);
    if (keys.length > 0) await this.redis.del(...keys);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
