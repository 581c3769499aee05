import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  changeEmail,
  EMAIL_CHANGED_SUBJECT,
  linkTo,
  nthMail,
  registerUser,
  RESET_SUBJECT,
  signUpPayload,
  tokenOf,
  uniqueEmail,
  VERIFY_SUBJECT,
  type ApiError,
} from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const outboxOf = (t: TestApp, address: string) =>
  t.app.ctx.db.selectFrom('outbox').select(['subject', 'text_body', 'html_body', 'status']).where('to_address', '=', address).execute();

/** Live links never rest in the database (nor in the log). */
describe('secrets in mails, with SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a record of every mail in the outbox, with no live token in it', async () => {
    const user = await registerUser(t.api);
    await t.api.post('/api/auth/reset-password-request', { email: user.email });
    const verify = tokenOf(linkTo(await nthMail(t.mail, user.email, VERIFY_SUBJECT, 1), '/verify-email'));
    const reset = tokenOf(linkTo(await nthMail(t.mail, user.email, RESET_SUBJECT, 1), '/reset-password'));
    expect((await changeEmail(t.api, t.mail, user, uniqueEmail('moved'))).status).toBe(200);
    const undo = tokenOf(linkTo(await nthMail(t.mail, user.email, EMAIL_CHANGED_SUBJECT, 1), '/undo-email-change'));
    await t.app.ctx.mailer.flush();

    const rows = await outboxOf(t, user.email);
    expect(rows.map((row) => row.subject).sort()).toEqual([
      'Confirm your email address for Loadout',
      'Reset your Loadout password',
      'Your Loadout email address was changed',
    ]);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      for (const body of [row.text_body, row.html_body ?? '']) {
        for (const token of [verify, reset, undo]) expect(body).not.toContain(token);
        expect(body).toContain('token=[removed]');
      }
    }
    // The links still work: what was removed is the database's copy only.
    expect((await t.api.post('/api/auth/undo-email-change', { token: undo })).status).toBe(200);
  });
});

describe('secrets in mails, without SMTP (a developer machine)', () => {
  let t: TestApp;
  let mailDir: string;
  const log: string[] = [];
  beforeAll(async () => {
    mailDir = mkdtempSync(join(tmpdir(), 'loadout-mail-'));
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    t = await createTestApp({ smtp: false, env: { MAIL_DIR: mailDir }, logStream: stream });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes the mail to a file only its owner can read, and keeps the token out of the outbox and the log', async () => {
    const payload = signUpPayload();
    expect((await t.api.post('/api/auth/register', payload)).status).toBe(202);
    await t.app.ctx.mailer.flush();

    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    const file = join(mailDir, files[0] ?? '');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain(`To: ${String(payload.email)}`);
    const token = tokenOf(/http:\/\/loadout\.test\/verify-email\?token=\S+/.exec(written)?.[0] ?? '');
    expect((await t.api.post('/api/auth/verify-email', { token })).status).toBe(200);

    const [row] = await outboxOf(t, String(payload.email));
    expect(row?.status).toBe('logged');
    expect(row?.text_body).not.toContain(token);
    const logged = log.join('');
    expect(logged).toContain(file);
    expect(logged).not.toContain(token);
  });
});

/** A person's own text never reads as the product's words in a mail. */
describe('names in mails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const INJECTED = 'Bob,\n\nYour account is locked. Restore it at http://evil.invalid/restore';

  const CONTROL = 'Name must not contain line breaks or control characters';
  it.each([
    ['a line break', INJECTED, CONTROL],
    ['a carriage return', 'Bob\rYour account is locked', CONTROL],
    ['a NUL', 'Bob\u0000', 'Text must not contain NUL characters'],
    ['a bidirectional override', 'Bob\u202Egnp.exe', CONTROL],
    ['an escape sequence', 'Bob\u001b[31m', CONTROL],
  ])('refuses a first name with %s at sign-up and in Settings', async (_label, firstName, message) => {
    const res = await t.api.post<ApiError>('/api/auth/register', signUpPayload({ firstName }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { firstName: message } });
    const user = await registerUser(t.api);
    const update = await t.api.put<ApiError>('/api/account', { firstName, lastName: 'X', email: user.email }, user.token);
    expect(update.status).toBe(400);
    expect(update.body.details?.firstName).toBe(message);
  });

  it.each([
    ['a list name', '/api/lists', { name: 'Work\nYour account is locked' }],
    [
      'a feedback message with a bidi override',
      '/api/feedback',
      { type: 'bug', message: 'ok \u202E', email: null, userAgent: 'x', url: 'http://x', timestamp: '2026-03-01T09:00:00Z' },
    ],
  ])('refuses %s with control characters', async (_label, url, body) => {
    const user = await registerUser(t.api);
    const res = await t.api.post<ApiError>(url, body, user.token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('keeps a stored name that predates the rule on one short greeting line', async () => {
    const user = await registerUser(t.api);
    await t.app.ctx.db.updateTable('users').set({ first_name: INJECTED }).where('id', '=', user.user.id).execute();
    await t.api.post('/api/auth/resend-verification', undefined, user.token);
    const mail = await nthMail(t.mail, user.email, VERIFY_SUBJECT, 2);
    const [greeting, blank] = mail.text.split('\n');
    expect(greeting).toBe('Hi Bob,');
    expect(blank).toBe('');
    expect(mail.text).not.toContain('evil.invalid');
    expect(mail.text).not.toContain('Your account is locked');
  });
});
