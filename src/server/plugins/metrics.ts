import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { ErrorCode } from '@shared/api/errors';
import { ITEM_STATUSES, TARGET_STATUSES } from '@shared/api/installations';
import { PAYMENT_STATUSES } from '@shared/api/payment';

import type { PoolState } from '../db/connect';
import { statusCounts } from '../db/repositories/metrics.repository';
import { notFound, unauthorized } from '../errors';
import { RequestMetrics, UNMATCHED_ROUTE } from '../metrics/request-metrics';

const OUTBOX_STATUSES = ['queued', 'sent', 'logged', 'failed'] as const;

/**
 * GET /metrics in Prometheus's text format, for an operator's scraper, behind a bearer token
 * (METRICS_TOKEN; unset: the endpoint is not there, 404). Requests are counted by one onResponse
 * hook of its own, a few increments each (metrics/request-metrics.ts); everything else is read
 * when the page is asked for.
 */
export function registerMetrics(app: FastifyInstance, pool: (() => PoolState) | null): void {
  const requests = new RequestMetrics();
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/lists/:id), never the URL: ids stay out, and the series stay few.
    requests.record(request.routeOptions.url ?? UNMATCHED_ROUTE, request.method, reply.statusCode, reply.elapsedTime);
    done();
  });

  const token = app.ctx.config.metricsToken;
  const expected = token ? digest(token) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!expected) throw notFound('Metrics are off on this server: set METRICS_TOKEN to turn them on.', ErrorCode.NOT_FOUND);
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests of equal length, in constant time: the answer's timing says nothing of the token.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('The metrics token is missing or wrong: send Authorization: Bearer <METRICS_TOKEN>.');
    }
    const out: string[] = [];
    requests.render(out);
    await renderGauges(app, pool, out);
    return reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`${out.join('\n')}\n`);
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

async function renderGauges(app: FastifyInstance, pool: (() => PoolState) | null, out: string[]): Promise<void> {
  const gauge = (name: string, help: string, values: [labels: string, value: number][]) => {
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
    for (const [labels, value] of values) out.push(`${name}${labels ? `{${labels}}` : ''} ${value}`);
  };
  gauge('loadout_agents_connected', 'Agents connected to this server process.', [['', app.agentHub.size]]);
  gauge('loadout_browsers_connected', "Browser event streams open on this server process (a signed-in page's live updates).", [
    ['', app.browserEvents.size],
  ]);

  const counts = await statusCounts(app.ctx.db);
  const byStatus = (statuses: readonly string[], found: Map<string, number>): [string, number][] =>
    statuses.map((status) => [`status="${status}"`, found.get(status) ?? 0]);
  gauge(
    'loadout_installation_jobs',
    'Installation jobs (one machine each) by status; waiting is the queue of jobs not yet taken by their agent.',
    byStatus(TARGET_STATUSES, counts.jobs),
  );
  gauge(
    'loadout_installation_items',
    'Apps within installation jobs by status (their outcome once finished).',
    byStatus(ITEM_STATUSES, counts.items),
  );
  gauge('loadout_mail_outbox', 'Mails by status; queued is the queue not yet handed to SMTP.', byStatus(OUTBOX_STATUSES, counts.outbox));
  gauge(
    'loadout_payments',
    'Card payments by status; pending past a few minutes is reconciled with the provider.',
    byStatus(PAYMENT_STATUSES, counts.payments),
  );

  gauge('loadout_database_info', 'The database this server runs on (1).', [[`kind="${app.ctx.dbKind}"`, 1]]);
  if (pool) {
    const state = pool();
    gauge('loadout_database_pool_connections', 'PostgreSQL connections of this process: open in all, idle, and the most it opens.', [
      ['state="total"', state.total],
      ['state="idle"', state.idle],
      ['state="max"', state.max],
    ]);
    gauge('loadout_database_pool_waiting', 'Queries waiting for a free PostgreSQL connection.', [['', state.waiting]]);
  }

  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  out.push('# HELP process_cpu_seconds_total User and system CPU time spent.', '# TYPE process_cpu_seconds_total counter');
  out.push(`process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`);
  gauge('process_resident_memory_bytes', 'Resident memory size.', [['', memory.rss]]);
  gauge('nodejs_heap_used_bytes', "V8's heap in use.", [['', memory.heapUsed]]);
  gauge('process_start_time_seconds', 'When the process started, in seconds since the epoch.', [['', START_TIME_SECONDS]]);
}

const START_TIME_SECONDS = Math.round(Date.now() / 1000 - process.uptime());
