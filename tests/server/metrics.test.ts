import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RequestMetrics } from '../../src/server/metrics/request-metrics';
import { registerUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const TOKEN = 'scrape-me-with-this-long-token';

/** The value of one series line, by its exact name and labels; undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics for an operator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });
  const scrape = async () => {
    const res = await t.api.get<string>('/metrics', TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers 401 with the usual envelope to no token and to a wrong one', async () => {
    for (const token of [null, 'wrong', `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const res = await t.api.get<{ code: string; message: string }>('/metrics', token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'AUTHENTICATION_REQUIRED', message: expect.stringContaining('METRICS_TOKEN') });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    // A user's own session is not the metrics token.
    const user = await registerUser(t.api);
    expect((await t.api.get('/metrics', user.token)).status).toBe(401);
  });

  it('counts requests by route pattern (never the URL or its ids), method and status class, with a latency histogram', async () => {
    const user = await registerUser(t.api);
    const before = await scrape();
    const route = 'route="/api/lists/:id/items",method="GET"';
    const missing = valueOf(before, `loadout_http_requests_total{${route},status="4xx"}`) ?? 0;
    const list = await t.api.post<{ id: string }>('/api/lists', { name: 'Counted' }, user.token);
    expect((await t.api.get(`/api/lists/${list.body.id}/items`, user.token)).status).toBe(200);
    expect((await t.api.get('/api/lists/no-such-list/items', user.token)).status).toBe(404);
    expect((await t.api.get('/api/lists/another-missing-one/items', user.token)).status).toBe(404);
    await t.api.get('/no/such/page/12345');

    const after = await scrape();
    expect(valueOf(after, `loadout_http_requests_total{${route},status="2xx"}`)).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, `loadout_http_requests_total{${route},status="4xx"}`)).toBe(missing + 2);
    expect(after).not.toContain(list.body.id);
    expect(after).not.toContain('no-such-list');
    expect(after).not.toContain('12345');
    expect(valueOf(after, 'loadout_http_requests_total{route="unmatched",method="GET",status="4xx"}')).toBeGreaterThanOrEqual(1);
    const count = valueOf(after, `loadout_http_request_duration_seconds_count{${route}}`);
    expect(count).toBe((valueOf(after, `loadout_http_requests_total{${route},status="2xx"}`) ?? 0) + missing + 2);
    expect(valueOf(after, `loadout_http_request_duration_seconds_bucket{${route},le="+Inf"}`)).toBe(count);
    expect(after).toContain('# TYPE loadout_http_request_duration_seconds histogram');
  });

  it('reports agents and browsers connected, job and mail queues, payments and the database', async () => {
    const text = await scrape();
    expect(valueOf(text, 'loadout_agents_connected')).toBe(0);
    expect(valueOf(text, 'loadout_browsers_connected')).toBe(0);
    for (const status of ['waiting', 'running', 'done', 'cancelled', 'expired']) {
      expect(valueOf(text, `loadout_installation_jobs{status="${status}"}`)).toBe(0);
    }
    expect(valueOf(text, 'loadout_installation_items{status="failed"}')).toBe(0);
    // Sign-ups mailed their confirmation (queued, then handed to SMTP).
    const mails = ['queued', 'sent', 'logged', 'failed'].map((status) => valueOf(text, `loadout_mail_outbox{status="${status}"}`) ?? 0);
    expect(mails.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'loadout_payments{status="pending"}')).toBe(0);
    expect(valueOf(text, `loadout_database_info{kind="${t.app.ctx.dbKind}"}`)).toBe(1);
    if (t.app.ctx.dbKind === 'postgres') {
      expect(valueOf(text, 'loadout_database_pool_connections{state="max"}')).toBe(10);
      expect(valueOf(text, 'loadout_database_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'loadout_database_pool_waiting')).toBe(0);
    } else {
      // SQLite's one connection is used synchronously: there is no pool to report.
      expect(text).not.toContain('loadout_database_pool');
    }
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('escapes label values as the text format asks', () => {
    const metrics = new RequestMetrics();
    metrics.record('/odd/"quoted"\\path', 'GET', 200, 3);
    const out: string[] = [];
    metrics.render(out);
    expect(out).toContain('loadout_http_requests_total{route="/odd/\\"quoted\\"\\\\path",method="GET",status="2xx"} 1');
    expect(out).toContain('loadout_http_request_duration_seconds_bucket{route="/odd/\\"quoted\\"\\\\path",method="GET",le="0.005"} 1');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there (404) and says how to turn it on', async () => {
    const t = await createTestApp();
    try {
      const res = await t.api.get<{ code: string; message: string }>('/metrics', 'anything');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Metrics are off on this server: set METRICS_TOKEN to turn them on.' });
    } finally {
      await t.close();
    }
  });
});
