import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

import { buildApp, type BuildOptions } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { MailSink } from '../../fixtures/mail-sink';
import { TestClock } from '../../fixtures/test-clock';
import { createTestDatabase } from '../../fixtures/test-database';

/**
 * One release key for every app of this test process, as JWT_SECRET is given: without it each
 * app would write a key into its data folder (the working directory for an in-memory SQLite).
 */
const TEST_RELEASE_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  mail: MailSink;
  config: Config;
  /** app.inject with JSON helpers: `api.post('/api/auth/login', body, token)`. */
  api: JsonClient;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  configure?: (config: Config) => void;
  /** false: no SMTP_URL (mails go to MAIL_DIR), as on a developer's machine. */
  smtp?: boolean;
  /** Where the server's log lines go (JSON, level info); silent when absent. */
  logStream?: NodeJS.WritableStream;
  /** A clock of the test's own (a restart that goes on from the time the last process had). */
  clock?: TestClock;
  /** Stand-ins for DNS and the trusted certificates of webhook deliveries (tests/fixtures/webhook-receiver.ts). */
  edges?: BuildOptions['edges'];
}

/**
 * The real server on a database of its own (TEST_DB picks SQLite or PostgreSQL), with a test
 * clock and a loopback SMTP server: what tests drive through `inject`.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const mail = await new MailSink().start();
  const clock = options.clock ?? new TestClock();
  const config = loadConfig({
    DATABASE_URL: database.url,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    RELEASE_SIGNING_KEY: TEST_RELEASE_KEY,
    PUBLIC_URL: 'http://loadout.test',
    ...(options.smtp === false ? {} : { SMTP_URL: mail.url }),
    WEB_DIR: '/nonexistent-web-dir',
    // No native agent builds unless a test makes some: never the ones a build left in dist/.
    AGENT_NATIVE_DIR: '/nonexistent-agent-native-dir',
    LOG_LEVEL: 'silent',
    // An empty catalogue unless a test names a seed file (catalogue-seed.test.ts).
    CATALOGUE_SEED_FILE: '',
    CATALOGUE_INDEX_DIR: '',
    CATALOGUE_SYNC_HOURS: '0',
    // Never the network: an admin's "Sync now" in a test that serves no mirror fails at once (port 9 is one fetch refuses to use).
    DEBIAN_MIRROR: 'http://127.0.0.1:9/debian',
    ...options.env,
  });
  // Tests of other behaviour should not trip the auth rate limits; the rate-limit tests set their own.
  config.rateLimit = {
    ...config.rateLimit,
    authPerIp: 1000,
    authPerAccount: 1000,
    loginSlowdownAfter: 1000,
    tokenPerIp: 1000,
    importsPerUser: 1000,
  };
  options.configure?.(config);
  const app = await buildApp(config, {
    clock,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    edges: options.edges,
  });
  return {
    app,
    clock,
    mail,
    config,
    api: new JsonClient(app),
    close: async () => {
      await app.close();
      await mail.stop();
      await database.drop();
    },
  };
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

export class JsonClient {
  constructor(private readonly app: FastifyInstance) {}

  async request<T = unknown>(options: InjectOptions & { token?: string | null }): Promise<JsonResponse<T>> {
    const { token, ...inject } = options;
    const headers = { ...(inject.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const response = await this.app.inject({ ...inject, headers });
    const text = response.body;
    let body: unknown = text;
    if ((response.headers['content-type'] ?? '').toString().includes('application/json') && text.length > 0) body = JSON.parse(text);
    return { status: response.statusCode, body: body as T, headers: response.headers };
  }

  get<T = unknown>(url: string, token?: string | null, headers: Record<string, string> = {}) {
    return this.request<T>({ method: 'GET', url, token, headers });
  }

  post<T = unknown>(url: string, payload?: unknown, token?: string | null, headers: Record<string, string> = {}) {
    return this.request<T>({ method: 'POST', url, payload: payload as InjectOptions['payload'], token, headers });
  }

  put<T = unknown>(url: string, payload?: unknown, token?: string | null, headers: Record<string, string> = {}) {
    return this.request<T>({ method: 'PUT', url, payload: payload as InjectOptions['payload'], token, headers });
  }

  patch<T = unknown>(url: string, payload?: unknown, token?: string | null, headers: Record<string, string> = {}) {
    return this.request<T>({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], token, headers });
  }

  delete<T = unknown>(url: string, token?: string | null, headers: Record<string, string> = {}) {
    return this.request<T>({ method: 'DELETE', url, token, headers });
  }
}
