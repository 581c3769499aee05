import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  WebhookDeliveriesResponse,
  WebhookDeliveryDetail,
  WebhookDeliveryResponse,
  WebhookEndpoint,
  WebhooksResponse,
  WebhookWithSecret,
} from '@shared/api/webhooks';
import { HOUR_MS, MINUTE_MS } from '@shared/time';

import type { ResolvedAddress } from '../../src/server/security/public-address';
import { documentedVerifier, WebhookReceiver, type VerifyLoadoutWebhook } from '../fixtures/webhook-receiver';
import { eventually, finishJob, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/** One user's calls of webhooks. */
function webhooksOf(t: TestApp, token: string) {
  return {
    list: () => t.api.get<WebhooksResponse & ApiError>('/api/webhooks', token),
    create: (body: Record<string, unknown>) => t.api.post<WebhookWithSecret & ApiError>('/api/webhooks', body, token),
    get: (id: string) => t.api.get<WebhookEndpoint & ApiError>(`/api/webhooks/${id}`, token),
    update: (id: string, body: Record<string, unknown>) => t.api.patch<WebhookEndpoint & ApiError>(`/api/webhooks/${id}`, body, token),
    remove: (id: string) => t.api.delete<ApiError>(`/api/webhooks/${id}`, token),
    roll: (id: string) => t.api.post<WebhookWithSecret & ApiError>(`/api/webhooks/${id}/secret`, undefined, token),
    test: (id: string) => t.api.post<WebhookDeliveryResponse & ApiError>(`/api/webhooks/${id}/test`, undefined, token),
    deliveries: (id: string) => t.api.get<WebhookDeliveriesResponse & ApiError>(`/api/webhooks/${id}/deliveries`, token),
    delivery: (id: string, deliveryId: string) =>
      t.api.get<WebhookDeliveryDetail & ApiError>(`/api/webhooks/${id}/deliveries/${deliveryId}`, token),
    replay: (id: string, deliveryId: string) =>
      t.api.post<WebhookDeliveryResponse & ApiError>(`/api/webhooks/${id}/deliveries/${deliveryId}/replay`, undefined, token),
  };
}

/** Names the tests resolve as they please (DNS is the edge we cannot reach); anything else is not found. */
function fakeDns(): { names: Map<string, string[]>; resolve: (name: string) => Promise<ResolvedAddress[]> } {
  const names = new Map<string, string[]>();
  return {
    names,
    resolve: async (name) => {
      const addresses = names.get(name);
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  };
}

const ALL_EVENTS = ['installation.finished', 'drift.detected', 'machine.silent', 'rollback.finished'];

/** Runs the scheduler's task and waits for the attempts it started. */
async function deliverDue(t: TestApp): Promise<void> {
  await t.app.services.webhookDeliveries.deliverDue();
  await t.app.ctx.tasks.flush();
}

describe('webhooks', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let verify: VerifyLoadoutWebhook;
  let admin: Browser;
  const dns = fakeDns();

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    verify = await documentedVerifier();
    const { env, edges } = receiver.serverSettings();
    t = await createTestApp({ env, edges: { webhookTransport: { ...edges.webhookTransport, resolve: dns.resolve, timeoutMs: 1_000 } } });
    // The first account is the admin who fills the catalogue.
    admin = await adminBrowser(t);
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  async function premiumUser(plan: 'premium' | 'annual-premium' = 'premium') {
    const owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, plan);
    return { owner, hooks: webhooksOf(t, owner.token) };
  }

  it('are Premium: Free may not list or add one, and may still delete what a downgrade left', async () => {
    const owner = await adminBrowser(t);
    const hooks = webhooksOf(t, owner.token);
    expect((await hooks.list()).body).toMatchObject({ code: 'PLAN_FEATURE_REQUIRED' });
    expect((await hooks.create({ url: receiver.url(), events: ['installation.finished'] })).status).toBe(403);

    await setPlan(t, owner.user.user.id, 'premium');
    const made = (await hooks.create({ url: receiver.url(), events: ['installation.finished'] })).body;
    await setPlan(t, owner.user.user.id, 'free');
    expect((await hooks.test(made.endpoint.id)).status).toBe(403);
    expect((await hooks.remove(made.endpoint.id)).status).toBe(200);
  });

  it('shows the signing secret once, and keeps it sealed in the database', async () => {
    const { hooks } = await premiumUser();
    const created = await hooks.create({
      url: receiver.url('/a'),
      description: 'Chat relay',
      events: ['drift.detected', 'installation.finished'],
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.body.endpoint).toMatchObject({
      url: receiver.url('/a'),
      description: 'Chat relay',
      // In the contract's order, whatever order they were given in.
      events: ['installation.finished', 'drift.detected'],
      enabled: true,
      disabledReason: null,
      lastDelivery: null,
    });
    const listed = (await hooks.list()).body;
    expect(JSON.stringify(listed)).not.toContain(created.body.secret);
    const row = await t.app.ctx.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', created.body.endpoint.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.body.secret.slice(6));

    const rolled = (await hooks.roll(created.body.endpoint.id)).body;
    expect(rolled.secret).not.toBe(created.body.secret);
    expect(rolled.endpoint.id).toBe(created.body.endpoint.id);
  });

  it('refuses addresses that are not public HTTPS ones, checked after DNS: loopback, private, link-local, IPv6 and names that point inward', async () => {
    const { hooks } = await premiumUser();
    dns.names.set('inward.example.test', ['10.20.30.40']);
    dns.names.set('mixed.example.test', ['93.184.216.34', '192.168.1.20']);
    dns.names.set('localhost', ['127.0.0.1', '::1']);
    const refused: [string, RegExp][] = [
      ['https://127.0.0.2/hook', /127\.0\.0\.2 is not a public address/],
      ['https://10.0.0.5/hook', /10\.0\.0\.5 is not a public address/],
      ['https://172.20.1.1/hook', /not a public address/],
      ['https://192.168.0.10/hook', /not a public address/],
      ['https://169.254.169.254/latest/meta-data', /169\.254\.169\.254 is not a public address/],
      ['https://100.64.0.1/hook', /not a public address/],
      ['https://0.0.0.0/hook', /not a public address/],
      ['https://[::1]/hook', /::1 is not a public address/],
      ['https://[::ffff:127.0.0.2]/hook', /reaches 127\.0\.0\.2/],
      ['https://[64:ff9b::a00:5]/hook', /reaches 10\.0\.0\.5/],
      ['https://[2002:c0a8:101::1]/hook', /reaches 192\.168\.1\.1/],
      ['https://[fd12:3456::1]/hook', /not a public address/],
      ['https://[fe80::1]/hook', /not a public address/],
      ['https://inward.example.test/hook', /inward\.example\.test resolves to 10\.20\.30\.40/],
      ['https://mixed.example.test/hook', /resolves to 192\.168\.1\.20/],
      ['https://localhost/hook', /resolves to (127\.0\.0\.1|::1)/],
      ['https://nowhere.example.test/hook', /could not be found/],
    ];
    for (const [url, message] of refused) {
      const res = await hooks.create({ url, events: ['machine.silent'] });
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe('WEBHOOK_ADDRESS_NOT_ALLOWED');
      expect(res.body.message, url).toMatch(message);
    }
    const plain = await hooks.create({ url: 'http://93.184.216.34/hook', events: ['machine.silent'] });
    expect(plain.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The address must start with https://' });
    const withPassword = await hooks.create({ url: 'https://user:pw@93.184.216.34/hook', events: ['machine.silent'] });
    expect(withPassword.body.code).toBe('WEBHOOK_ADDRESS_NOT_ALLOWED');
    expect((await hooks.create({ url: 'https://93.184.216.34/hook', events: [] })).body.code).toBe('VALIDATION_ERROR');
    expect((await hooks.list()).body.endpoints).toEqual([]);
  });

  it('signs each delivery as the documentation says, and a receiver written from it accepts it and refuses forgeries', async () => {
    const { hooks } = await premiumUser();
    const { endpoint, secret } = (await hooks.create({ url: receiver.url('/signed'), events: ['machine.silent'] })).body;
    const before = receiver.received.length;
    const sent = await hooks.test(endpoint.id);
    expect(sent.status).toBe(202);
    await t.app.ctx.tasks.flush();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const [delivery] = got as [(typeof got)[0]];
    expect(delivery.path).toBe('/signed');
    expect(delivery.headers).toMatchObject({
      'content-type': 'application/json',
      'loadout-event': 'ping',
      'loadout-delivery': sent.body.delivery.id,
      'user-agent': 'Loadout-Webhooks/1',
    });
    const signature = delivery.headers['loadout-signature'] as string;
    const now = t.clock.now().getTime();
    expect(verify(delivery.body, signature, secret, { now })).toMatchObject({
      id: sent.body.delivery.eventId,
      type: 'ping',
      data: { endpointId: endpoint.id },
    });
    expect(() => verify(delivery.body.replace('test event', 'fake event'), signature, secret, { now })).toThrow('does not match');
    expect(() => verify(delivery.body, signature, `${secret}x`, { now })).toThrow('does not match');
    expect(() => verify(delivery.body, signature, secret, { now: now + 10 * MINUTE_MS })).toThrow('too old');
    expect(() => verify(delivery.body, 't=1,v1=00', secret, { now })).toThrow('Malformed');

    const log = (await hooks.deliveries(endpoint.id)).body;
    expect(log).toMatchObject({
      total: 1,
      deliveries: [{ id: sent.body.delivery.id, status: 'succeeded', attempts: 1, responseStatus: 200 }],
    });
    const detail = (await hooks.delivery(endpoint.id, sent.body.delivery.id)).body;
    expect(detail.requestBody).toBe(delivery.body);
    expect(detail.attemptLog).toEqual([
      { at: expect.any(String), responseStatus: 200, responseBody: '{"ok":true}', error: null, durationMs: expect.any(Number) },
    ]);
    expect((await hooks.get(endpoint.id)).body.lastDelivery).toEqual({ status: 'succeeded', at: detail.createdAt });

    // A rolled secret signs from now on; the old one no longer verifies.
    const rolled = (await hooks.roll(endpoint.id)).body.secret;
    await hooks.test(endpoint.id);
    await t.app.ctx.tasks.flush();
    const next = receiver.received.at(-1)!;
    expect(verify(next.body, next.headers['loadout-signature'] as string, rolled, { now })).toMatchObject({ type: 'ping' });
    expect(() => verify(next.body, next.headers['loadout-signature'] as string, secret, { now })).toThrow('does not match');
  });

  it('retries with backoff until the endpoint answers, and replays a delivery with the same event and body', async () => {
    const { hooks } = await premiumUser();
    const { endpoint } = (await hooks.create({ url: receiver.url('/flaky'), events: ['machine.silent'] })).body;
    receiver.answerNext({ status: 500, body: 'upstream down' }, { status: 502, body: 'still down' });
    const sent = (await hooks.test(endpoint.id)).body.delivery;
    await t.app.ctx.tasks.flush();
    let detail = (await hooks.delivery(endpoint.id, sent.id)).body;
    const created = new Date(detail.createdAt).getTime();
    expect(detail).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      nextAttemptAt: new Date(created + MINUTE_MS).toISOString(),
    });
    expect((await hooks.get(endpoint.id)).body.failingSince).toBe(detail.attemptLog[0]!.at);

    // Not yet due: nothing is sent.
    const before = receiver.received.length;
    t.clock.advance(30_000);
    await deliverDue(t);
    expect(receiver.received.length).toBe(before);
    t.clock.advance(30_000);
    await deliverDue(t);
    detail = (await hooks.delivery(endpoint.id, sent.id)).body;
    expect(detail).toMatchObject({
      status: 'pending',
      attempts: 2,
      responseStatus: 502,
      nextAttemptAt: new Date(created + 5 * MINUTE_MS).toISOString(),
    });
    t.clock.advance(4 * MINUTE_MS);
    await deliverDue(t);
    detail = (await hooks.delivery(endpoint.id, sent.id)).body;
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200, nextAttemptAt: null });
    expect(detail.attemptLog.map((attempt) => [attempt.responseStatus, attempt.responseBody])).toEqual([
      [500, 'upstream down'],
      [502, 'still down'],
      [200, '{"ok":true}'],
    ]);
    expect((await hooks.get(endpoint.id)).body.failingSince).toBeNull();

    const replayed = await hooks.replay(endpoint.id, sent.id);
    expect(replayed.status).toBe(202);
    expect(replayed.body.delivery).toMatchObject({ eventId: sent.eventId, replayOf: sent.id });
    expect(replayed.body.delivery.id).not.toBe(sent.id);
    await t.app.ctx.tasks.flush();
    expect(receiver.received.at(-1)!.body).toBe(detail.requestBody);
    expect((await hooks.deliveries(endpoint.id)).body.deliveries.map((row) => [row.id, row.status])).toEqual([
      [replayed.body.delivery.id, 'succeeded'],
      [sent.id, 'succeeded'],
    ]);
  });

  it('delivers an event told twice once, and nothing for an event no endpoint asked for', async () => {
    const { owner, hooks } = await premiumUser();
    const { endpoint } = (await hooks.create({ url: receiver.url('/once'), events: ['machine.silent'] })).body;
    const before = receiver.received.length;
    const deliveries = t.app.services.webhookDeliveries;
    const userId = owner.user.user.id;
    expect(await deliveries.emit(userId, 'machine.silent', 'dev_1:2026-03-01', { machine: 'one' })).toBe(1);
    // The same occurrence again (a repeated report, a second server process): no second delivery.
    expect(await deliveries.emit(userId, 'machine.silent', 'dev_1:2026-03-01', { machine: 'one' })).toBe(0);
    expect(await deliveries.emit(userId, 'drift.detected', 'dev_1:drift', { machine: 'one' })).toBe(0);
    expect([...(await deliveries.wanted(userId))]).toEqual(['machine.silent']);
    await t.app.ctx.tasks.flush();
    expect(receiver.received.length).toBe(before + 1);
    expect((await hooks.deliveries(endpoint.id)).body.total).toBe(1);
  });

  it('records redirects (never followed), silence and huge answers as what they are', async () => {
    const { hooks } = await premiumUser();
    const { endpoint } = (await hooks.create({ url: receiver.url('/odd'), events: ['machine.silent'] })).body;
    const before = receiver.received.length;
    receiver.answerNext({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    const redirected = (await hooks.test(endpoint.id)).body.delivery;
    await t.app.ctx.tasks.flush();
    // One request: the redirect's target was never asked.
    expect(receiver.received.length).toBe(before + 1);
    expect((await hooks.delivery(endpoint.id, redirected.id)).body).toMatchObject({
      status: 'pending',
      attemptLog: [{ responseStatus: 302, error: 'Redirects are not followed (to http://169.254.169.254/latest/meta-data/)' }],
    });

    receiver.answerNext({ status: 0 });
    const silent = (await hooks.test(endpoint.id)).body.delivery;
    await t.app.ctx.tasks.flush();
    expect((await hooks.delivery(endpoint.id, silent.id)).body.attemptLog).toEqual([
      expect.objectContaining({ responseStatus: null, error: 'No answer within 1 s' }),
    ]);

    receiver.answerNext({ status: 200, body: 'x'.repeat(1_000_000) });
    const huge = (await hooks.test(endpoint.id)).body.delivery;
    await t.app.ctx.tasks.flush();
    const [attempt] = (await hooks.delivery(endpoint.id, huge.id)).body.attemptLog;
    expect(attempt).toMatchObject({ responseStatus: 200, error: null });
    expect(attempt!.responseBody!.length).toBe(4096);
  });

  it('turns an endpoint off after a day of failures, tells its owner by mail, and replays once it is on again', async () => {
    const user = await premiumUser();
    const { owner } = user;
    let { hooks } = user;
    const signedIn = async () => webhooksOf(t, (await signInAgain(t, owner)).token);
    const { endpoint } = (await hooks.create({ url: receiver.url('/down'), events: ['machine.silent'] })).body;
    receiver.always({ status: 503, body: 'maintenance' });
    try {
      const sent = (await hooks.test(endpoint.id)).body.delivery;
      await t.app.ctx.tasks.flush();
      // The schedule, counted from the event: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h.
      for (const offset of [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS]) {
        t.clock.set(new Date(new Date(sent.createdAt).getTime() + offset));
        await deliverDue(t);
        expect((await signedIn().then((now) => now.get(endpoint.id))).body.enabled).toBe(true);
      }
      const queued = (await (await signedIn()).test(endpoint.id)).body.delivery;
      await t.app.ctx.tasks.flush();
      t.clock.set(new Date(new Date(sent.createdAt).getTime() + 24 * HOUR_MS));
      await deliverDue(t);
      // A day on, the session of the morning has expired.
      hooks = await signedIn();
      const off = (await hooks.get(endpoint.id)).body;
      expect(off).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/failed for a day/) });
      expect((await hooks.delivery(endpoint.id, sent.id)).body).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null });
      // What was still waiting ends too, to be replayed.
      expect((await hooks.delivery(endpoint.id, queued.id)).body.status).toBe('failed');
      const mail = await t.mail.waitFor(owner.user.email, /A webhook endpoint was turned off/);
      expect(mail.text).toContain(receiver.url('/down'));
      expect(mail.text).toContain(`http://loadout.test/webhooks/${endpoint.id}`);
      expect((await hooks.test(endpoint.id)).body).toMatchObject({ code: 'WEBHOOK_DISABLED' });
      expect((await hooks.replay(endpoint.id, sent.id)).status).toBe(409);

      receiver.always({ status: 200, body: '{"ok":true}' });
      expect((await hooks.update(endpoint.id, { enabled: true })).body).toMatchObject({
        enabled: true,
        disabledReason: null,
        failingSince: null,
      });
      const again = (await hooks.replay(endpoint.id, sent.id)).body.delivery;
      await t.app.ctx.tasks.flush();
      expect((await hooks.delivery(endpoint.id, again.id)).body.status).toBe('succeeded');
    } finally {
      receiver.always({ status: 200, body: '{"ok":true}' });
    }
  });

  it('is reached at delivery only through the address checked then: a name that turns inward after saving is refused', async () => {
    const { hooks } = await premiumUser();
    dns.names.set('hooks.example.test', ['93.184.216.34']);
    const { endpoint } = (await hooks.create({ url: 'https://hooks.example.test/in', events: ['machine.silent'] })).body;
    dns.names.set('hooks.example.test', ['127.0.0.2']);
    const sent = (await hooks.test(endpoint.id)).body.delivery;
    await t.app.ctx.tasks.flush();
    expect((await hooks.delivery(endpoint.id, sent.id)).body.attemptLog).toEqual([
      expect.objectContaining({
        responseStatus: null,
        error: 'Refused: hooks.example.test resolves to 127.0.0.2, which is not a public address',
      }),
    ]);
  });

  it("sends an installation's per-app outcomes with the failed app's log, drift, a silent machine and a rollback, to the endpoints that asked", async () => {
    const { owner, hooks } = await premiumUser('annual-premium');
    const suffix = Math.random().toString(36).slice(2, 7);
    const names = ['hello', 'cowsay'].map((name) => `${name}-${suffix}`);
    const [hello, cowsay] = (await catalogueOf(t, (await signInAgain(t, admin)).token, 2, `Hooks ${suffix}`, (i) => ({
      apt_package: names[i - 1]!,
    }))) as unknown as [{ app_id: number; name: string }, { app_id: number; name: string }];
    const lists = listsOf(t, owner.token);
    const list = (await lists.create('Desk')).body;
    for (const app of [hello, cowsay]) await lists.add(list.id, app.app_id);
    const all = (await hooks.create({ url: receiver.url('/all'), events: ALL_EVENTS })).body;
    const silentOnly = (await hooks.create({ url: receiver.url('/silent-only'), events: ['machine.silent'] })).body;
    const machine = await enrollMachine(t, owner, 'Desk 1');
    const url = await listeningUrl(t);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    const eventsAt = (path: string) =>
      receiver.received
        .filter((got) => got.path === path)
        .map((got) => JSON.parse(got.body) as { type: string; data: Record<string, unknown> });
    try {
      const installation = (await installationsOf(t, owner.token).create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
      const { job } = await agent.next('job.assign', (message) => message.job.installationId === installation.id);
      agent.send({ type: 'job.ack', jobId: job.jobId });
      const [first, second] = job.items as [(typeof job.items)[0], (typeof job.items)[0]];
      agent.send({
        type: 'item.progress',
        jobId: job.jobId,
        itemId: first.itemId,
        status: 'succeeded',
        manager: 'apt',
        version: '2.12',
        exitCode: 0,
        message: '',
        log: '',
      });
      agent.send({
        type: 'item.progress',
        jobId: job.jobId,
        itemId: second.itemId,
        status: 'failed',
        manager: 'apt',
        version: null,
        exitCode: 100,
        message: `E: Unable to locate package ${names[1]}`,
        log: `Reading package lists...\nE: Unable to locate package ${names[1]}`,
      });
      agent.send({ type: 'job.done', jobId: job.jobId });
      const finished = await eventually(
        async () => {
          await t.app.ctx.tasks.flush();
          return eventsAt('/all').filter((event) => event.type === 'installation.finished');
        },
        (events) => events.length === 1,
        'installation.finished',
      );
      expect(finished[0]!.data).toMatchObject({
        installation: {
          id: installation.id,
          kind: 'install',
          listName: 'Desk',
          url: `http://loadout.test/installations/${installation.id}`,
        },
        machines: [
          {
            deviceId: machine.deviceId,
            deviceName: 'Desk 1',
            status: 'done',
            apps: [
              { appId: hello.app_id, name: hello.name, outcome: 'succeeded', version: '2.12', log: null },
              {
                appId: cowsay.app_id,
                outcome: 'failed',
                exitCode: 100,
                message: `E: Unable to locate package ${names[1]}`,
                log: `Reading package lists...\nE: Unable to locate package ${names[1]}`,
              },
            ],
          },
        ],
      });
      expect(eventsAt('/silent-only')).toEqual([]);

      // Drift: the machine joins a group with the list; its inventory lacks cowsay.
      const group = (await t.api.post<{ id: string }>('/api/groups', { name: 'Desks' }, owner.token)).body;
      await t.api.put(`/api/groups/${group.id}/lists/${list.id}`, undefined, owner.token);
      await t.api.put(`/api/groups/${group.id}/members/${machine.deviceId}`, undefined, owner.token);
      await t.app.ctx.tasks.flush();
      const report = () =>
        agent.send({ type: 'inventory', packages: [{ manager: 'apt', id: names[0]!, installedVersion: '2.12', availableVersion: null }] });
      report();
      const drift = await eventually(
        async () => {
          await t.app.ctx.tasks.flush();
          return eventsAt('/all').filter((event) => event.type === 'drift.detected');
        },
        (events) => events.length === 1,
        'drift.detected',
      );
      expect(drift[0]!.data).toMatchObject({
        machine: { deviceId: machine.deviceId, deviceName: 'Desk 1', url: `http://loadout.test/devices/${machine.deviceId}` },
        groups: [{ id: group.id, name: 'Desks' }],
        drift: [{ appId: cowsay.app_id, name: cowsay.name, kind: 'missing' }],
      });
      // The same inventory again: nothing new drifted, nothing is sent.
      t.clock.advance(MINUTE_MS);
      report();
      await eventually(
        async () => (await t.api.get<{ checkedAt: string }>(`/api/devices/${machine.deviceId}/inventory`, owner.token)).body.checkedAt,
        (checkedAt) => checkedAt === t.clock.now().toISOString(),
        'the second inventory',
      );
      await t.app.ctx.tasks.flush();
      expect(eventsAt('/all').filter((event) => event.type === 'drift.detected')).toHaveLength(1);

      // hello updated, then rolled back to generation 1: the rollback is told as what it is.
      const installs = installationsOf(t, owner.token);
      const update = (await installs.create({ appIds: [hello.app_id], deviceIds: [machine.deviceId], kind: 'upgrade' })).body;
      await finishJob(agent, update.id, '2.13');
      await eventually(
        async () =>
          (await t.api.get<{ generations: unknown[] }>(`/api/devices/${machine.deviceId}/generations`, owner.token)).body.generations,
        (rows) => rows.length === 2,
        'generation 2',
      );
      const rolled = await t.api.post<{ installationIds: string[] }>(
        `/api/devices/${machine.deviceId}/generations/1/rollback`,
        { appIds: [hello.app_id] },
        owner.token,
      );
      expect(rolled.status).toBe(200);
      const [back] = rolled.body.installationIds as [string];
      await finishJob(agent, back, 'unused');
      const rollback = await eventually(
        async () => {
          await t.app.ctx.tasks.flush();
          return eventsAt('/all').filter((event) => event.type === 'rollback.finished');
        },
        (events) => events.length === 1,
        'rollback.finished',
      );
      expect(rollback[0]!.data).toMatchObject({
        rolledBackTo: 1,
        installation: { id: back },
        machines: [{ deviceId: machine.deviceId, apps: [{ appId: hello.app_id, outcome: 'succeeded', version: '2.12' }] }],
      });
    } finally {
      await agent.close();
    }

    // Silent for a day: both endpoints that asked hear of it, once.
    t.clock.advance(25 * HOUR_MS);
    const later = webhooksOf(t, (await signInAgain(t, owner)).token);
    await t.app.services.monitoring.alertSilentMachines();
    await t.app.ctx.tasks.flush();
    for (const path of ['/all', '/silent-only'])
      expect(
        eventsAt(path)
          .filter((event) => event.type === 'machine.silent')
          .map((event) => event.data),
      ).toEqual([expect.objectContaining({ machine: expect.objectContaining({ deviceId: machine.deviceId }), silentForHours: 24 })]);
    expect((await later.deliveries(silentOnly.endpoint.id)).body.total).toBe(1);
    // installation.finished twice (the list, the update), drift.detected, rollback.finished with its installation.finished, machine.silent.
    expect((await later.deliveries(all.endpoint.id)).body.deliveries.map((row) => row.eventType).sort()).toEqual([
      'drift.detected',
      'installation.finished',
      'installation.finished',
      'installation.finished',
      'machine.silent',
      'rollback.finished',
    ]);
  });
});
