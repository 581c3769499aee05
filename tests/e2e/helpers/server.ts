import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

import { buildApp, type BuildOptions } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { MailSink } from '../../fixtures/mail-sink';
import { TestClock } from '../../fixtures/test-clock';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  clock: TestClock;
  mail: MailSink;
  stop(): Promise<void>;
}

/**
 * The real server, listening on a loopback port with the built web app, a fresh SQLite file,
 * a real SMTP sink and a clock the test can move (never by sleeping). `edges` lets a test's
 * webhook receiver be reached (tests/fixtures/webhook-receiver.ts).
 */
export async function startServer(env: Record<string, string> = {}, edges: BuildOptions['edges'] = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'loadout-e2e-'));
  const mail = await new MailSink().start();
  const clock = new TestClock(new Date());
  // PUBLIC_URL must be known before listening, so pick the port first.
  const probe = await import('node:net').then(
    (net) =>
      new Promise<number>((resolve) => {
        const server = net.createServer();
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          server.close(() => resolve(port));
        });
      }),
  );
  const url = `http://127.0.0.1:${probe}`;
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'loadout.db')}`,
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: url,
    SMTP_URL: mail.url,
    PORT: String(probe),
    LOG_LEVEL: 'silent',
    // The indexes' 14,000 apps only where a test asks for them (catalogue-index.test.ts): the others read the curated catalogue.
    CATALOGUE_INDEX_DIR: '',
    // Never the network: a test server reads no mirror.
    CATALOGUE_SYNC_HOURS: '0',
    // Port 9 is one fetch refuses to use: an admin's Sync now fails at once and says so.
    DEBIAN_MIRROR: 'http://127.0.0.1:9/debian',
    ...env,
  });
  const app = await buildApp(config, { clock, logger: false, edges });
  await app.listen({ port: probe, host: '127.0.0.1' });
  return {
    app,
    url,
    clock,
    mail,
    stop: async () => {
      await app.close();
      await mail.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
