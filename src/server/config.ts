import { randomBytes, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

import { withoutTrailingSlashes } from '@shared/url';

import { dataDirOf, readDataFile, writePrivateDataFile } from './data-dir';
import { AGENT_MESSAGES_PER_SECOND } from './security/agent-limits';
import { loadReleaseKey } from './security/release-key';

/** Configuration from the environment, validated once at start: a bad value stops the start with one clear sentence. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/loadout.db')
    .refine((url) => /^sqlite:.+/.test(url) || /^postgres(ql)?:\/\/.+/.test(url), {
      message: 'must be sqlite:PATH or postgres://user@host:port/database',
    }),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Where generated secrets (JWT secret, release key) and, without SMTP, mails are kept; default: the SQLite file's folder, else ./data. */
  DATA_DIR: z.string().optional(),
  SMTP_URL: z
    .string()
    .refine((url) => /^smtps?:\/\//.test(url), { message: 'must be smtp://… or smtps://…' })
    .optional(),
  MAIL_FROM: z.string().default('Loadout <no-reply@loadout.local>'),
  /** Without SMTP_URL, mails are written here as text files readable only by their owner; default: mail/ in the data folder. */
  MAIL_DIR: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_ISSUER: z.string().default('https://accounts.google.com'),
  OIDC_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  REDIS_URL: z
    .string()
    .refine((url) => /^rediss?:\/\//.test(url), { message: 'must be redis://host:port' })
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, colons, dots or dashes')
    .default('loadout:'),
  ADMIN_EMAILS: z.string().default(''),
  /** The bearer token GET /metrics asks for (Prometheus); unset or empty: no metrics endpoint (404). */
  METRICS_TOKEN: z.string().max(500).optional(),
  RELEASES_DIR: z.string().default('./release'),
  WEB_DIR: z.string().default('./dist/renderer'),
  /** The headless agent's single file (scripts/agent-build.mjs), served at GET /api/client/agent. */
  AGENT_FILE: z.string().default('./dist/agent/loadout-agent.mjs'),
  /** The native agent builds and their manifest.json (scripts/agent-native-build.mjs), served at GET /api/client/agent/{platform}/{arch}. */
  AGENT_NATIVE_DIR: z.string().default('./dist/agent/native'),
  /** `hold`: native agents are not offered the newer build this server carries (they keep the version they run). */
  AGENT_UPDATES: z.enum(['auto', 'hold']).default('auto'),
  /** The Ed25519 key that signs the agent builds (PKCS#8 PEM or base64 DER); unset or empty: generated once and kept in the data folder. */
  RELEASE_SIGNING_KEY: z.string().optional(),
  /** The catalogue shipped with the product, applied at start when its version is newer; empty = none. */
  CATALOGUE_SEED_FILE: z.string().default('./resources/catalogue/seed.json'),
  /** The package managers' indexes shipped with the product (one `<field>.jsonl.gz` each), applied at start when changed; empty = none. */
  CATALOGUE_INDEX_DIR: z.string().default('./resources/catalogue/index'),
  /** How often the package managers' indexes are read again to keep the catalogue fresh, in hours; 0 = never. */
  CATALOGUE_SYNC_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** The Debian mirror the catalogue sync reads. */
  DEBIAN_MIRROR: z.url({ protocol: /^https?$/ }).default('https://deb.debian.org/debian'),
  /**
   * Behind a reverse proxy: the proxies whose X-Forwarded-For is believed (comma-separated
   * addresses or CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8`), or a number of hops. Unset: the
   * socket's address is the client's, and a forged X-Forwarded-For changes nothing.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,2}$/.test(value) || value.split(',').every((part) => isIpOrCidr(part.trim())), {
      message: 'must be a number of hops or comma-separated proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)',
    })
    .default(''),
  /**
   * Webhook endpoints may only be public addresses. A server whose receivers are on its own
   * network lets these ranges through (comma-separated CIDR ranges, e.g. `10.1.0.0/16`); unset:
   * none. Loopback, link-local and the other private ranges stay refused unless named here.
   */
  WEBHOOK_PRIVATE_NETWORKS: z
    .string()
    .trim()
    .refine((value) => value === '' || value.split(',').every((part) => isIpOrCidr(part.trim()) && part.includes('/')), {
      message: 'must be comma-separated CIDR ranges (e.g. 10.1.0.0/16)',
    })
    .default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sustained messages a second one agent connection may send (security/agent-limits.ts). */
  AGENT_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(10_000_000).default(AGENT_MESSAGES_PER_SECOND),
});

/** The numbers of docs/security.md "Rate limits"; every counter is per window. */
export interface RateLimitConfig {
  /** Requests per IP on login, register, Google sign-in, reset and resend. */
  authPerIp: number;
  /**
   * Per account: reset requests, resends and password checks; per (account, IP): failed
   * sign-ins, after which that IP (not the owner) is refused for the rest of the window.
   */
  authPerAccount: number;
  /** Failed sign-ins on one account from any IP after which every attempt on it waits a little longer. */
  loginSlowdownAfter: number;
  /** Requests per IP on refresh, verify-email and undo-email-change (tokens that are guessed, not typed). */
  tokenPerIp: number;
  /** List imports per user (each parses up to 512 KB). */
  importsPerUser: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  publicUrl: string;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  mailDir: string;
  google: { clientId: string | null; issuer: string; jwksUrl: string };
  stripe: { secretKey: string | null; publishableKey: string | null; webhookSecret: string | null };
  redisUrl: string | null;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  adminEmails: string[];
  /** GET /metrics's bearer token; null: the endpoint is off. */
  metricsToken: string | null;
  releasesDir: string;
  webDir: string;
  agentFile: string;
  agentNativeDir: string;
  /** Whether native agents are offered this server's newer build when they connect. */
  agentUpdates: 'auto' | 'hold';
  /** Private: signs the agent builds; a KeyObject, so that logging the config cannot print it. */
  releaseSigningKey: KeyObject;
  /** null: do not seed (tests that want an empty catalogue). */
  catalogueSeedFile: string | null;
  catalogueIndexDir: string | null;
  catalogueSyncHours: number;
  debianMirror: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  /** CIDR ranges webhook endpoints may resolve to although they are not public (WEBHOOK_PRIVATE_NETWORKS). */
  webhookPrivateNetworks: string[];
  rateLimit: RateLimitConfig;
  agentMessagesPerSecond: number;
  version: string;
}

export class ConfigError extends Error {}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = {
  authPerIp: 30,
  authPerAccount: 10,
  loginSlowdownAfter: 10,
  tokenPerIp: 120,
  importsPerUser: 20,
  windowMs: 15 * 60_000,
};

/** Reads the environment; throws ConfigError with one readable line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR?.trim() ? resolve(e.DATA_DIR.trim()) : dataDirOf(e.DATABASE_URL);
  let releaseSigningKey: KeyObject;
  try {
    releaseSigningKey = loadReleaseKey(e.RELEASE_SIGNING_KEY, dataDir);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    publicUrl: withoutTrailingSlashes(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    // Beside the secret and the release key, not in the working folder: one folder holds what the server writes.
    mailDir: e.MAIL_DIR?.trim() ? resolve(e.MAIL_DIR.trim()) : join(dataDir, 'mail'),
    google: { clientId: e.GOOGLE_CLIENT_ID ?? null, issuer: e.OIDC_ISSUER, jwksUrl: e.OIDC_JWKS_URL },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    },
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    metricsToken: e.METRICS_TOKEN?.trim() || null,
    releasesDir: resolve(e.RELEASES_DIR),
    webDir: resolve(e.WEB_DIR),
    agentFile: resolve(e.AGENT_FILE),
    agentNativeDir: resolve(e.AGENT_NATIVE_DIR),
    agentUpdates: e.AGENT_UPDATES,
    releaseSigningKey,
    catalogueSeedFile: e.CATALOGUE_SEED_FILE.trim() ? resolve(e.CATALOGUE_SEED_FILE.trim()) : null,
    catalogueIndexDir: e.CATALOGUE_INDEX_DIR.trim() ? resolve(e.CATALOGUE_INDEX_DIR.trim()) : null,
    catalogueSyncHours: e.CATALOGUE_SYNC_HOURS,
    debianMirror: e.DEBIAN_MIRROR,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webhookPrivateNetworks: e.WEBHOOK_PRIVATE_NETWORKS === '' ? [] : e.WEBHOOK_PRIVATE_NETWORKS.split(',').map((part) => part.trim()),
    rateLimit: { ...DEFAULT_RATE_LIMIT },
    agentMessagesPerSecond: e.AGENT_MESSAGES_PER_SECOND,
    version: process.env.npm_package_version ?? '0.1.0',
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === '') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

function isIpOrCidr(value: string): boolean {
  const [address = '', prefix, ...extra] = value.split('/');
  if (extra.length > 0 || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
}

/**
 * With no JWT_SECRET we generate one on first start and keep it in the data folder (beside the
 * SQLite file: ./data/secret), so sessions survive restarts without any setup.
 */
function loadOrCreateSecret(dataDir: string): string {
  const existing = readDataFile(dataDir, 'secret');
  if (existing !== null && existing.length >= 32) return existing;
  const secret = randomBytes(48).toString('base64url');
  writePrivateDataFile(dataDir, 'secret', secret);
  return secret;
}
