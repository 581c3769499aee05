import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, devicesOf, enroll, signInAgain, type Browser } from './helpers/devices';
import {
  CHANGE_EMAIL_SUBJECT,
  EMAIL_CHANGED_SUBJECT,
  linkTo,
  nthMail,
  registerUser,
  RESET_SUBJECT,
  tokenOf,
  uniqueEmail,
  VERIFY_SUBJECT,
} from './helpers/factories';
import { catalogueOf, listsOf } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Whoever reads the server's log (an operator, a log service, a backup) must not be able to take
 * an account or a machine over with what is in it: each link is opened as a person's browser and
 * the agent open it, with real tokens from the real flows, and no token may appear in the log.
 */
describe('no secret in the server log', () => {
  let t: TestApp;
  let log = '';
  /** The first account (an admin, so it can add an app to the catalogue). */
  let admin: Browser;
  /** Every secret that crossed the server, each named for the failure message. */
  const secrets = new Map<string, string>();
  const keep = (name: string, value: string) => secrets.set(name, value);
  /** A link opened as a browser does: the page, then the API call its script makes. */
  const open = (link: string) => t.api.get(link.replace('http://loadout.test', ''));

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    // The logger at the default level (info), as `npm start` runs it.
    t = await createTestApp({ logStream: stream });
    admin = await signInAgain(t, await adminBrowser(t));
    keep('admin access token', admin.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens the verification, reset, e-mail change and undo links', async () => {
    const user = await registerUser(t.api);
    keep('access token', user.token);
    keep('refresh token', user.refreshToken);

    const verifyLink = linkTo(await nthMail(t.mail, user.email, VERIFY_SUBJECT, 1), '/verify-email');
    keep('verification token', tokenOf(verifyLink));
    await open(verifyLink);
    expect((await t.api.post('/api/auth/verify-email', { token: tokenOf(verifyLink) })).status).toBe(200);

    await t.api.post('/api/auth/reset-password-request', { email: user.email });
    const resetLink = linkTo(await nthMail(t.mail, user.email, RESET_SUBJECT, 1), '/reset-password');
    keep('reset token', tokenOf(resetLink));
    await open(resetLink);
    const newPassword = 'another long passphrase';
    expect((await t.api.post('/api/auth/reset-password', { token: tokenOf(resetLink), newPassword })).status).toBe(200);

    const session = await t.api.post<{ token: string; refreshToken: string }>('/api/auth/login', {
      email: user.email,
      password: newPassword,
    });
    keep('access token after the reset', session.body.token);
    const newEmail = uniqueEmail('moved');
    const moved = await t.api.put(
      '/api/account',
      { firstName: 'Ada', lastName: 'Lovelace', email: newEmail, currentPassword: newPassword },
      session.body.token,
    );
    expect(moved.status).toBe(200);
    const confirmLink = linkTo(await nthMail(t.mail, newEmail, CHANGE_EMAIL_SUBJECT, 1), '/verify-email');
    keep('e-mail change token', tokenOf(confirmLink));
    await open(confirmLink);
    expect((await t.api.post('/api/auth/verify-email', { token: tokenOf(confirmLink) })).status).toBe(200);
    const undoLink = linkTo(await nthMail(t.mail, user.email, EMAIL_CHANGED_SUBJECT, 1), '/undo-email-change');
    keep('undo token', tokenOf(undoLink));
    await open(undoLink);
    expect((await t.api.post('/api/auth/undo-email-change', { token: tokenOf(undoLink) })).status).toBe(200);

    // The request lines are there, with every query value removed.
    expect(log).toContain('"url":"/verify-email?token=[removed]"');
    expect(log).toContain('"url":"/reset-password?token=[removed]"');
    expect(log).toContain('"url":"/undo-email-change?token=[removed]"');
  });

  it('opens a registration link, enrols with it and connects the agent with its credential', async () => {
    const owner = await adminBrowser(t);
    keep('owner access token', owner.token);
    const created = await devicesOf(t, owner).createToken(1);
    const { code, registration_url: link } = created.body.token;
    keep('registration code', code);
    expect(link).toContain(encodeURIComponent(code));
    await open(link);
    const enrolled = await enroll(t, code);
    expect(enrolled.status).toBe(201);
    keep('device credential', enrolled.body.credential);

    const url = await listeningUrl(t);
    const agent = await ProtocolAgent.connect(url, enrolled.body.credential);
    await agent.close();
    const forged = `${enrolled.body.credential.slice(0, -4)}AAAA`;
    keep('a refused credential', forged);
    await expect(ProtocolAgent.connect(url, forged)).rejects.toThrow('401');

    expect(log).toContain('"url":"/devices/enroll?code=[removed]"');
    expect(log).toContain('"url":"/api/agent/ws"');
  });

  it('opens the unsubscribe link of a mail, and unsubscribes with one click and with the page’s button', async () => {
    const owner = admin;
    const [app] = await catalogueOf(t, owner.token, 1, 'Logged', () => ({ apt_package: 'cowsay' }));
    const list = (await listsOf(t, owner.token).create('Build tools')).body;
    await listsOf(t, owner.token).add(list.id, app!.app_id);
    const code = (await devicesOf(t, owner).createToken(1)).body.token.code;
    const machine = (await enroll(t, code)).body;
    const agent = await ProtocolAgent.connect(await listeningUrl(t), machine.credential);
    const installs = installationsOf(t, owner.token);
    const created = await installs.create({ listId: list.id, deviceIds: [machine.device.device_id] });
    expect(created.status).toBe(201);
    const { job } = await agent.next('job.assign');
    agent.send({ type: 'job.ack', jobId: job.jobId });
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[0]!.itemId,
      manager: 'apt',
      status: 'failed',
      version: null,
      exitCode: 100,
      message: 'E: Unable to locate package cowsay',
      log: '',
    });
    agent.send({ type: 'job.done', jobId: job.jobId });
    await eventually(
      () => installs.get(created.body.id),
      (res) => res.body.status === 'failed',
      'the installation failed',
    );
    await t.app.ctx.tasks.flush();
    await t.app.ctx.mailer.flush();
    const mail = await t.mail.waitFor(owner.user.email, /installation failed/i);
    await agent.close();
    const unsubscribe = /<([^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    keep('unsubscribe token', tokenOf(unsubscribe));

    expect((await open(unsubscribe)).status).toBe(200);
    const path = unsubscribe.replace('http://loadout.test', '');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const oneClick = await t.api.request({ method: 'POST', url: path, payload: 'List-Unsubscribe=One-Click', headers: form });
    expect(oneClick.status).toBe(200);
    const button = await t.api.request({ method: 'POST', url: path, payload: '', headers: { ...form, accept: 'text/html' } });
    expect(button.status).toBe(303);
    expect((await t.api.get(String(button.headers.location))).status).toBe(200);

    expect(log).toContain('"url":"/api/notifications/unsubscribe?token=[removed]"');
    expect(log).toContain('"url":"/api/notifications/unsubscribe?token=[removed]&done=[removed]"');
  });

  it('wrote none of those secrets, in full or URL-encoded', () => {
    expect(secrets.size).toBeGreaterThanOrEqual(13);
    for (const [name, secret] of secrets) {
      expect(secret.length, name).toBeGreaterThanOrEqual(16);
      expect(log.includes(secret), `${name} is in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${name} is in the log`).toBe(false);
    }
  });
});
