import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

import { BackgroundTasks } from './background';
import { LocalEventBus, PostgresEventBus, type EventBus } from './bus/event-bus';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { AppContext } from './context';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { Scheduler } from './jobs/scheduler';
import { Mailer } from './mail/mailer';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { registerCachePolicy } from './plugins/cache-policy';
import { registerCompression } from './plugins/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerMetrics } from './plugins/metrics';
import { OneLineRequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { AgentHub } from './realtime/agent-hub';
import { BrowserEvents } from './realtime/browser-events';
import { registerRoutes } from './routes';
import { AuthCache } from './security/auth-cache';
import { AccessTokens } from './security/jwt';
import { withLogRedaction } from './security/log-redaction';
import { createRateLimiter, type RateLimiter } from './security/rate-limiter';
import { createServices, type ServiceEdges, type Services } from './services';
import { promoteConfiguredAdmins } from './services/admin.service';
import { CatalogueSnapshot } from './services/catalogue-snapshot';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    services: Services;
    rateLimiter: RateLimiter;
    /** Settles once the seed catalogue is applied (at once unless it runs in the background). */
    catalogueSeeded: Promise<void>;
    agentHub: AgentHub;
    browserEvents: BrowserEvents;
  }
}

export interface BuildOptions {
  /** Tests pass a controllable clock; production always uses the system clock. */
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /**
   * `npm start` answers requests while the seed catalogue's icons are processed (about a
   * second on a fresh database); tests wait for the seed so that what they read is there.
   */
  seedInBackground?: boolean;
  /** Tests' stand-ins for what lies outside the process (DNS for webhook hosts, the certificates trusted). */
  edges?: ServiceEdges;
}

/** Default body limit; routes that take more (uploads) raise their own. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** A hop count becomes "trust the nearest n hops"; addresses and false pass as they are. */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Builds the whole server on one database: migrated, wired, ready to listen or be injected. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    // Whatever the level or destination, no query value or credential header reaches the log.
    logger: withLogRedaction(options.logger ?? { level: config.logLevel }),
    // One line a request instead of Fastify's two (plugins/request-log.ts).
    logController: new OneLineRequestLog(),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Only the configured proxies may say who the client is (TRUST_PROXY); off by default.
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // Errors Fastify would answer itself, without hooks or our envelope, go through
    // plugins/error-handler.ts too; it also answers the requests that come in while closing.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.schema);
  } catch (error) {
    await database.destroy();
    throw error;
  }

  let bus: EventBus;
  try {
    bus =
      database.kind === 'postgres'
        ? await PostgresEventBus.connect(config.databaseUrl, database.schema ?? 'public', app.log, database.db)
        : new LocalEventBus();
  } catch (error) {
    await database.destroy();
    throw error;
  }

  const mailDelivery = config.smtpUrl
    ? { kind: 'smtp' as const, url: config.smtpUrl }
    : { kind: 'directory' as const, path: config.mailDir };
  const tasks = new BackgroundTasks(app.log);
  const mailer = new Mailer(database.db, mailDelivery, config.mailFrom, clock, app.log);
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    clock,
    mailer,
    tasks,
    accessTokens: new AccessTokens(config.jwtSecret, clock),
    log: app.log,
    bus,
    authCache: new AuthCache(bus),
    catalogue: new CatalogueSnapshot(database.db, bus),
  };
  const rateLimiter = await createRateLimiter(config.redisUrl, clock, config.redisPrefix);
  app.decorate('ctx', ctx);
  app.decorate('services', createServices(ctx, rateLimiter, options.edges));
  app.decorate('rateLimiter', rateLimiter);
  app.decorate(
    'agentHub',
    new AgentHub(
      {
        presence: app.services.agentPresence,
        jobs: app.services.agentJobs,
        inventory: app.services.inventory,
        removalChecks: app.services.removalChecks,
        searches: app.services.deviceSearches,
        updates: app.services.agentUpdates,
      },
      bus,
      app.log,
      () => clock.now().getTime(),
      config.agentMessagesPerSecond,
    ),
  );
  app.decorate('browserEvents', new BrowserEvents(bus));

  // Scheduled downgrades and lapsed paid plans, and the update history past each plan's days;
  // tests call services.subscription.applyDueChanges() and services.history.prune().
  const scheduler = new Scheduler(
    [
      { name: 'plan changes applied', run: () => app.services.subscription.applyDueChanges() },
      { name: 'update history rows pruned', run: () => app.services.history.prune() },
      // At most one update digest a day per user; tests call services.notifications.sendDigests().
      { name: 'update digests sent', run: () => app.services.notifications.sendDigests() },
      // Update policies' windows (premium); tests call services.policyRunner.openWindows().
      { name: 'update policy windows sent', run: () => app.services.policyRunner.openWindows() },
      // Advanced monitoring: a machine silent for a day; tests call services.monitoring.alertSilentMachines().
      { name: 'silent machines told', run: () => app.services.monitoring.alertSilentMachines() },
      // Payments a crash or a lost answer left open, reconciled with the provider (also at start);
      // tests call services.paymentSettlement.settlePaidUnused().
      { name: 'paid plans settled', run: () => app.services.paymentSettlement.settlePaidUnused() },
      // Running jobs whose agent went away; tests call services.installations.endRunningAway().
      { name: 'running jobs ended, their agent away', run: () => app.services.installations.endRunningAway() },
      // Waiting jobs nobody took in time (reads already show them expired); tests call services.installations.expireOverdue().
      { name: 'overdue jobs expired', run: () => app.services.installations.expireOverdue() },
      // The package managers' indexes read again (once per CATALOGUE_SYNC_HOURS across processes); tests call services.catalogueSync.syncNow().
      // Webhook deliveries due (retries) and the log's old ones pruned; tests call services.webhookDeliveries.deliverDue().
      { name: 'webhook deliveries taken up', run: () => app.services.webhookDeliveries.deliverDue() },
      { name: 'catalogue indexes synced', run: () => app.services.catalogueSync.syncDue() },
    ],
    app.log,
  );
  scheduler.start();
  // Payments a crash left open are reconciled with the provider at start too, not a minute later.
  tasks.defer('payments reconciled at start', async () => void (await app.services.paymentSettlement.settlePaidUnused()));

  app.addHook('preClose', async () => {
    await scheduler.stop();
    app.browserEvents.close();
    await app.agentHub.close();
    await app.services.agentJobs.close();
  });
  app.addHook('onClose', async () => {
    await app.catalogueSeeded;
    await tasks.flush();
    await mailer.flush();
    await mailer.close();
    await rateLimiter.close();
    ctx.authCache.close();
    await bus.close();
    await database.destroy();
  });

  await promoteConfiguredAdmins(ctx);
  const seeding = app.services.catalogueSeed
    .run()
    .then(
      async () => void (await app.services.catalogue.reportInvalidPackageIds()),
      (error: unknown) => app.log.error({ err: error }, 'catalogue seed failed; the catalogue stays as it was'),
    )
    // After the curated apps, so that an index's package that one of them has is linked to it, not made again.
    .then(() => app.services.catalogueIndex.applyShipped())
    .then(
      () => undefined,
      (error: unknown) => app.log.error({ err: error }, 'catalogue index failed to apply; the catalogue stays as it was'),
    );
  app.decorate('catalogueSeeded', seeding);
  if (!options.seedInBackground) await seeding;
  registerErrorHandler(app);
  registerAuth(app);
  registerCachePolicy(app);
  registerMetrics(app, database.pool);
  registerInputGuard(app);
  await registerSecurityHeaders(app);
  registerCompression(app);
  await registerApiDocs(app, config.version, config.publicUrl);
  await registerRoutes(app);
  await registerWebApp(app, config.webDir);
  await app.ready();
  return app;
}
