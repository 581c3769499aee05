import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { NotificationSettings, NotificationsResponse } from '@shared/api/notifications';
import { HOUR_MS, MINUTE_MS } from '@shared/time';

import { buildApp } from '../../src/server/app';
import type { BusEvent } from '../../src/server/bus/event-bus';
import { replaceInventory } from '../../src/server/db/repositories/device-agent.repository';
import { AGENT_INVENTORY_MIN_GAP_MS } from '../../src/server/security/agent-limits';
import { DIGEST_RUN_EVERY_MS } from '../../src/server/services/notification.service';
import type { CapturedMail } from '../fixtures/mail-sink';
import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

const FAILED_SUBJECT = /installation failed/i;
const DIGEST_SUBJECT = /updates? (is|are) available for/i;
const PRIORITY_SUBJECT = /new updates? available/i;
const UNSUBSCRIBE_HEADER = /^<(http:\/\/loadout\.test\/api\/notifications\/unsubscribe\?token=[^>\s]+)>$/;

interface Person {
  browser: Browser;
  email: string;
  userId: string;
  listId: string;
  deviceId: string;
  deviceRowId: string;
  agent: ProtocolAgent;
}

describe('notifications', () => {
  let t: TestApp;
  let url: string;
  let hello: App;
  let cowsay: App;
  let free: Person;
  let premium: Person;
  let otherPremium: Browser;
  const events: BusEvent[] = [];

  /** Deferred work (the failure mail, the priority notice) and its SMTP delivery, finished. */
  async function settle(): Promise<void> {
    await t.app.ctx.tasks.flush();
    await t.app.ctx.mailer.flush();
  }

  const mailsTo = (person: Person, subject: RegExp): CapturedMail[] => t.mail.to(person.email).filter((mail) => subject.test(mail.subject));

  async function person(name: string, plan: 'free' | 'premium'): Promise<Person> {
    const browser = await adminBrowser(t);
    await setPlan(t, browser.user.user.id, plan);
    const list = (await listsOf(t, browser.token).create(`${name}'s list`)).body;
    for (const app of [hello, cowsay]) await listsOf(t, browser.token).add(list.id, app.app_id);
    const machine = await enrollMachine(t, browser, `${name}'s build server`);
    const row = await t.app.ctx.db.selectFrom('devices').select('id').where('device_id', '=', machine.deviceId).executeTakeFirstOrThrow();
    return {
      browser,
      email: browser.user.email,
      userId: browser.user.user.id,
      listId: list.id,
      deviceId: machine.deviceId,
      deviceRowId: row.id,
      agent: await ProtocolAgent.connect(url, machine.credential),
    };
  }

  /** Installs the person's list: hello succeeds, cowsay fails with apt's message. Answers the installation id. */
  async function failedInstall(who: Person): Promise<string> {
    const installs = installationsOf(t, who.browser.token);
    const created = await installs.create({ listId: who.listId, deviceIds: [who.deviceId] });
    expect(created.status).toBe(201);
    const { job } = await who.agent.next('job.assign', (message) => message.job.installationId === created.body.id);
    who.agent.send({ type: 'job.ack', jobId: job.jobId });
    const [helloItem, cowsayItem] = job.items;
    const base = { type: 'item.progress', jobId: job.jobId, manager: 'apt', exitCode: 0, log: '' } as const;
    who.agent.send({ ...base, itemId: helloItem!.itemId, status: 'succeeded', version: '2.10-2', message: 'Installed 2.10-2' });
    who.agent.send({
      ...base,
      itemId: cowsayItem!.itemId,
      status: 'failed',
      version: null,
      exitCode: 100,
      message: 'E: Unable to locate package cowsay',
      log: 'E: Unable to locate package cowsay',
    });
    await eventually(
      () => installs.get(created.body.id),
      (res) => res.body.targets[0]?.items.every((item) => item.status === 'succeeded' || item.status === 'failed') === true,
      'both apps reported',
    );
    who.agent.send({ type: 'job.done', jobId: job.jobId });
    await eventually(
      () => installs.get(created.body.id),
      (res) => res.body.status === 'failed',
      'the installation failed',
    );
    // A repeated job.done (at-least-once delivery) finishes nothing again.
    who.agent.send({ type: 'job.done', jobId: job.jobId });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await settle();
    return created.body.id;
  }

  const centre = (token: string) => t.api.get<NotificationsResponse & ApiError>('/api/notifications', token);
  const markRead = (token: string, body: Record<string, unknown>) =>
    t.api.post<{ unreadCount: number } & ApiError>('/api/notifications/read', body, token);
  const settings = (token: string) => t.api.get<NotificationSettings & ApiError>('/api/notification-settings', token);
  const changeSettings = (token: string, body: Record<string, unknown>) =>
    t.api.put<NotificationSettings & ApiError>('/api/notification-settings', body, token);
  const oneClick = (link: string) =>
    t.api.request<{ success: boolean; kind: string } & ApiError>({
      method: 'POST',
      url: link.replace('http://loadout.test', ''),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    t.app.ctx.bus.subscribe((event) => events.push(event));
    const admin = await adminBrowser(t);
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 2, 'Notify', (i) =>
      i === 1 ? { apt_package: 'hello' } : { apt_package: 'cowsay' },
    );
    if (!apps[0] || !apps[1]) throw new Error('no apps');
    [hello, cowsay] = [apps[0], apps[1]];
    free = await person('Fran', 'free');
    premium = await person('Pat', 'premium');
    otherPremium = await adminBrowser(t);
    await setPlan(t, otherPremium.user.user.id, 'premium');
  });
  afterAll(async () => {
    await free.agent.close();
    await premium.agent.close();
    await t.close();
  });

  it('has every switch on by default', async () => {
    const res = await settings(free.browser.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ failureMails: true, updateDigest: true, priorityMails: true, inApp: true });
    const bad = await changeSettings(free.browser.token, {});
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    const unknown = await changeSettings(free.browser.token, { smsAlerts: true });
    expect(unknown.status).toBe(400);
    expect((await t.api.get('/api/notification-settings')).status).toBe(401);
  });

  it('mails the owner once when an installation fails: the device, the failed app with its message, the link and both one-click headers', async () => {
    const installationId = await failedInstall(free);
    const mails = mailsTo(free, FAILED_SUBJECT);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.text).toContain("Device: Fran's build server");
    expect(mail!.text).toContain('- Notify 2: E: Unable to locate package cowsay');
    expect(mail!.text).not.toContain('- Notify 1');
    expect(mail!.links).toContain(`http://loadout.test/installations/${installationId}`);
    expect(mail!.headers['list-unsubscribe']).toMatch(UNSUBSCRIBE_HEADER);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The outbox keeps the mail without the live token; no headers are stored at all.
    const link = UNSUBSCRIBE_HEADER.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(40);
    const outbox = await t.app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', free.email).execute();
    const stored = outbox.find((row) => FAILED_SUBJECT.test(row.subject));
    expect(stored?.text_body).toContain('unsubscribe?token=[removed]');
    for (const row of outbox) expect(JSON.stringify(row)).not.toContain(token);
  });

  it('gives Free the plan-feature error for the notification centre and keeps no in-app entries for it', async () => {
    const list = await centre(free.browser.token);
    expect(list.status).toBe(403);
    expect(list.body.code).toBe('PLAN_FEATURE_REQUIRED');
    const read = await markRead(free.browser.token, {});
    expect(read.status).toBe(403);
    expect(read.body.code).toBe('PLAN_FEATURE_REQUIRED');
    const rows = await t.app.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', free.userId).execute();
    expect(rows).toEqual([]);
    expect((await t.api.get('/api/notifications')).status).toBe(401);
  });

  it('puts a failure in the Premium centre with the unread count, live on the bus; nobody else reads or marks it', async () => {
    const before = events.length;
    const installationId = await failedInstall(premium);
    expect(mailsTo(premium, FAILED_SUBJECT)).toHaveLength(1);
    const res = await centre(premium.browser.token);
    expect(res.status).toBe(200);
    expect(res.body.unreadCount).toBe(1);
    expect(res.body.notifications).toHaveLength(1);
    const [entry] = res.body.notifications;
    expect(entry).toMatchObject({
      kind: 'installation_failed',
      title: "Installation failed on Pat's build server",
      body: 'Notify 2: E: Unable to locate package cowsay',
      link: `/installations/${installationId}`,
      readAt: null,
    });
    expect(events.slice(before)).toContainEqual({ type: 'user.changed', userId: premium.userId, topic: 'notifications', id: entry!.id });

    // Another Premium user sees nothing of it and cannot mark it read.
    expect((await centre(otherPremium.token)).body).toEqual({ notifications: [], unreadCount: 0 });
    const foreign = await markRead(otherPremium.token, { ids: [entry!.id] });
    expect(foreign.status).toBe(200);
    expect(foreign.body.unreadCount).toBe(0);
    const foreignAll = await markRead(otherPremium.token, {});
    expect(foreignAll.body.unreadCount).toBe(0);
    expect((await centre(premium.browser.token)).body.unreadCount).toBe(1);

    const bad = await markRead(premium.browser.token, { ids: [] });
    expect(bad.status).toBe(400);
    const mine = await markRead(premium.browser.token, { ids: [entry!.id] });
    expect(mine.status).toBe(200);
    expect(mine.body.unreadCount).toBe(0);
    expect((await centre(premium.browser.token)).body.notifications[0]?.readAt).not.toBeNull();
  });

  it('respects the in-app switch', async () => {
    expect((await changeSettings(premium.browser.token, { inApp: false })).body).toMatchObject({ inApp: false, failureMails: true });
    await failedInstall(premium);
    expect(mailsTo(premium, FAILED_SUBJECT)).toHaveLength(2);
    expect((await centre(premium.browser.token)).body.notifications).toHaveLength(1);
    expect((await changeSettings(premium.browser.token, { inApp: true })).body.inApp).toBe(true);
  });

  it('turns the kind off with the one-click POST, without signing in; the next failure sends no mail', async () => {
    const [mail] = mailsTo(free, FAILED_SUBJECT);
    const link = UNSUBSCRIBE_HEADER.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';

    // The page a person opens from the mail asks first, with a button that posts the same form.
    const page = await t.api.get<string>(link.replace('http://loadout.test', ''));
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(page.body).toContain('Stop mails when an installation fails');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await settings(free.browser.token)).body.failureMails).toBe(true);

    // Tampered tokens: another kind with this mac, another user, garbage.
    const [userId, , mac] = token.split('.');
    for (const forged of [`${userId}.updateDigest.${mac}`, `${premium.userId}.failureMails.${mac}`, 'not-a-token', `${token}x`]) {
      const res = await oneClick(`/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`);
      expect(res.status, forged).toBe(400);
      expect(res.body.code).toBe('UNSUBSCRIBE_TOKEN_INVALID');
    }
    const noToken = await oneClick('/api/notifications/unsubscribe');
    expect(noToken.status).toBe(400);

    const res = await oneClick(link);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, kind: 'failureMails' });
    expect((await settings(free.browser.token)).body).toEqual({
      failureMails: false,
      updateDigest: true,
      priorityMails: true,
      inApp: true,
    });
    // Again: still fine (mail providers may retry).
    expect((await oneClick(link)).status).toBe(200);
    // The page's button (a browser's form post) lands on a page that says it is done.
    const fromPage = await t.api.request({
      method: 'POST',
      url: link.replace('http://loadout.test', ''),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' },
    });
    expect(fromPage.status).toBe(303);
    const done = await t.api.get<string>(String(fromPage.headers.location));
    expect(done.status).toBe(200);
    expect(done.body).toContain('Done: you will no longer get mails when an installation fails.');

    await failedInstall(free);
    expect(mailsTo(free, FAILED_SUBJECT)).toHaveLength(1);
    expect((await changeSettings(free.browser.token, { failureMails: true })).body.failureMails).toBe(true);
  });

  it('tells Premium at once about updates a device newly reports, never twice for the same app and version; Free waits for the digest', async () => {
    const inventory = (who: Person, helloAvailable: string | null) => {
      // A device's inventories are applied at most once per gap: each of these is a later one.
      t.clock.advance(AGENT_INVENTORY_MIN_GAP_MS);
      who.agent.send({
        type: 'inventory',
        packages: [
          { manager: 'apt', id: 'hello', installedVersion: '2.10-2', availableVersion: helloAvailable },
          { manager: 'apt', id: 'cowsay', installedVersion: '3.03', availableVersion: null },
        ],
      });
    };
    const unread = (await centre(premium.browser.token)).body.unreadCount;
    t.clock.advance(MINUTE_MS);
    inventory(premium, '2.10-3');
    inventory(free, '2.10-3');
    await eventually(
      async () => {
        await settle();
        return mailsTo(premium, PRIORITY_SUBJECT).length;
      },
      (count) => count === 1,
      'the priority mail',
    );
    const [mail] = mailsTo(premium, PRIORITY_SUBJECT);
    expect(mail!.text).toContain("Device: Pat's build server");
    expect(mail!.text).toContain('- Notify 1: 2.10-2 → 2.10-3');
    expect(mail!.text).not.toContain('Notify 2');
    expect(mail!.links).toContain(`http://loadout.test/devices/${premium.deviceId}`);
    expect(mail!.headers['list-unsubscribe']).toMatch(UNSUBSCRIBE_HEADER);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const res = await centre(premium.browser.token);
    expect(res.body.unreadCount).toBe(unread + 1);
    expect(res.body.notifications[0]).toMatchObject({
      kind: 'updates_available',
      title: "Update available on Pat's build server",
      body: 'Notify 1: 2.10-2 → 2.10-3',
      link: `/devices/${premium.deviceId}`,
    });
    expect(mailsTo(free, PRIORITY_SUBJECT)).toHaveLength(0);

    // The same report again: nothing new. A newer version: told again.
    inventory(premium, '2.10-3');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await settle();
    expect(mailsTo(premium, PRIORITY_SUBJECT)).toHaveLength(1);
    inventory(premium, '2.10-4');
    await eventually(
      async () => {
        await settle();
        return mailsTo(premium, PRIORITY_SUBJECT).length;
      },
      (count) => count === 2,
      'the second priority mail',
    );
    expect((await centre(premium.browser.token)).body.unreadCount).toBe(unread + 2);

    // Unsubscribed from priority mails: the centre still gets it, the mail does not come.
    const link = UNSUBSCRIBE_HEADER.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect((await oneClick(link)).body).toEqual({ success: true, kind: 'priorityMails' });
    inventory(premium, '2.10-5');
    await eventually(
      () => centre(premium.browser.token),
      (r) => r.body.unreadCount === unread + 3,
      'the third update in the centre',
    );
    await settle();
    expect(mailsTo(premium, PRIORITY_SUBJECT)).toHaveLength(2);
    expect(mailsTo(free, PRIORITY_SUBJECT)).toHaveLength(0);
  });

  it('sends the digest at most once a day, only when something changed, once with two schedulers running', async () => {
    // Both inventories show hello 2.10-2 with a newer version (the previous test's reports).
    const second = process.env.TEST_DB === 'postgres' ? await buildApp(t.config, { clock: t.clock, logger: false }) : null;
    let runs: number[];
    try {
      runs = await Promise.all([t.app.services.notifications.sendDigests(), (second ?? t.app).services.notifications.sendDigests()]);
    } finally {
      await second?.close();
    }
    // Free and Premium both get one (otherPremium has no devices).
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    await settle();
    const [digest] = mailsTo(free, DIGEST_SUBJECT);
    expect(mailsTo(free, DIGEST_SUBJECT)).toHaveLength(1);
    expect(mailsTo(premium, DIGEST_SUBJECT)).toHaveLength(1);
    expect(digest!.subject).toBe('An update is available for an app on your devices');
    expect(digest!.text).toContain("Device: Fran's build server");
    expect(digest!.text).toContain('- Notify 1: 2.10-2 → 2.10-3');
    expect(digest!.links).toContain('http://loadout.test/devices');
    expect(digest!.headers['list-unsubscribe']).toMatch(UNSUBSCRIBE_HEADER);
    expect(digest!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Within the day nothing more, even when something changed.
    await replaceInventory(
      t.app.ctx.db,
      free.deviceRowId,
      [
        { manager: 'apt', package_id: 'hello', installed_version: '2.10-2', available_version: '2.10-3' },
        { manager: 'apt', package_id: 'cowsay', installed_version: '3.03', available_version: '3.04' },
      ],
      t.clock.now().toISOString(),
    );
    t.clock.advance(23 * HOUR_MS);
    expect(await t.app.services.notifications.sendDigests()).toBe(0);
    // A day later: Free's list changed, so one digest; Premium's did not, so none.
    t.clock.advance(HOUR_MS + MINUTE_MS);
    expect(await t.app.services.notifications.sendDigests()).toBe(1);
    await settle();
    expect(mailsTo(free, DIGEST_SUBJECT)).toHaveLength(2);
    expect(mailsTo(free, DIGEST_SUBJECT)[1]?.text).toContain('- Notify 2: 3.03 → 3.04');
    expect(mailsTo(premium, DIGEST_SUBJECT)).toHaveLength(1);

    // Nothing outdated: nothing sent. The switch off: nothing sent either.
    await replaceInventory(
      t.app.ctx.db,
      free.deviceRowId,
      [{ manager: 'apt', package_id: 'hello', installed_version: '2.10-3', available_version: null }],
      t.clock.now().toISOString(),
    );
    t.clock.advance(25 * HOUR_MS);
    expect(await t.app.services.notifications.sendDigests()).toBe(0);
    await replaceInventory(
      t.app.ctx.db,
      free.deviceRowId,
      [{ manager: 'apt', package_id: 'hello', installed_version: '2.10-3', available_version: '2.11-1' }],
      t.clock.now().toISOString(),
    );
    const fresh = await signInAgain(t, free.browser);
    expect((await changeSettings(fresh.token, { updateDigest: false })).body.updateDigest).toBe(false);
    // Runs are at most every DIGEST_RUN_EVERY_MS (the lease outlives a run): move past each.
    t.clock.advance(DIGEST_RUN_EVERY_MS);
    expect(await t.app.services.notifications.sendDigests()).toBe(0);
    const again = await signInAgain(t, free.browser);
    expect((await changeSettings(again.token, { updateDigest: true })).body.updateDigest).toBe(true);
    expect(await t.app.services.notifications.sendDigests()).toBe(0);
    t.clock.advance(DIGEST_RUN_EVERY_MS);
    expect(await t.app.services.notifications.sendDigests()).toBe(1);
    await settle();
    expect(mailsTo(free, DIGEST_SUBJECT)).toHaveLength(3);
  });

  it('an Update available notice goes once the apps it told of are current, each notice on its own; the bell hears it at once', async () => {
    const inventory = (hello: string | null, cowsay: string | null) => {
      t.clock.advance(AGENT_INVENTORY_MIN_GAP_MS);
      premium.agent.send({
        type: 'inventory',
        packages: [
          { manager: 'apt', id: 'hello', installedVersion: '2.10-2', availableVersion: hello },
          { manager: 'apt', id: 'cowsay', installedVersion: '3.03', availableVersion: cowsay },
        ],
      });
    };
    // The digest test moved the clock on a day: a fresh sign-in.
    const token = (await signInAgain(t, premium.browser)).token;
    const updateNotices = async () => (await centre(token)).body.notifications.filter((notice) => notice.kind === 'updates_available');
    // The earlier tests' notices are about hello: a report with nothing out of date clears the slate.
    inventory(null, null);
    await eventually(updateNotices, (notices) => notices.length === 0, 'no update notices');
    const unread = (await centre(token)).body.unreadCount;

    inventory('2.10-9', null);
    await eventually(updateNotices, (notices) => notices.length === 1, 'the hello notice');
    inventory('2.10-9', '3.04');
    await eventually(updateNotices, (notices) => notices.length === 2, 'the cowsay notice');
    expect((await updateNotices()).map((notice) => notice.body)).toEqual(['Notify 2: 3.03 → 3.04', 'Notify 1: 2.10-2 → 2.10-9']);

    // cowsay updated (here or outside Loadout): its notice goes, hello's stays, and the count follows.
    const before = events.length;
    inventory('2.10-9', null);
    await eventually(updateNotices, (notices) => notices.length === 1, 'the cowsay notice resolved');
    expect((await updateNotices())[0]?.body).toBe('Notify 1: 2.10-2 → 2.10-9');
    expect((await centre(token)).body.unreadCount).toBe(unread + 1);
    expect(events.slice(before)).toContainEqual({ type: 'user.changed', userId: premium.userId, topic: 'notifications', id: 'resolved' });

    inventory(null, null);
    await eventually(updateNotices, (notices) => notices.length === 0, 'the hello notice resolved');
    expect((await centre(token)).body.unreadCount).toBe(unread);
  });
});
