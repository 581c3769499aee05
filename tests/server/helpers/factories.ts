import { randomBytes } from 'node:crypto';
import { vi } from 'vitest';

import type { CapturedMail, MailSink } from '../../fixtures/mail-sink';
import type { JsonClient } from './test-app';

export interface ApiError {
  code: string;
  message: string;
  details?: Record<string, string>;
}

export interface SessionBody {
  token: string;
  refreshToken: string;
  user: { id: string; email: string; firstName: string; lastName: string; isEmailVerified: boolean; isAdmin: boolean };
}

export interface RegisteredUser extends SessionBody {
  email: string;
  password: string;
}

/** A fresh address per call, so tests sharing one app never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export function signUpPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: 'correct horse battery',
    careerField: 'Engineering',
    dateOfBirth: '1990-05-17',
    agreeToTerms: true,
    receiveEmails: true,
    ...overrides,
  };
}

/** Signs up through the API, then signs in as the web app does, and returns the session plus the credentials used. */
export async function registerUser(api: JsonClient, overrides: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const payload = signUpPayload(overrides);
  const res = await api.post('/api/auth/register', payload);
  if (res.status !== 202) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const email = String(payload.email).toLowerCase();
  const password = String(payload.password);
  return { ...(await loginUser(api, email, password)), email, password };
}

export async function loginUser(api: JsonClient, email: string, password: string): Promise<SessionBody> {
  const res = await api.post<SessionBody>('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The `token` query parameter of a mailed link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** The one link of a mail that points at `path` on the public URL. */
export function linkTo(mail: CapturedMail, path: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname === path);
  if (!link) throw new Error(`no ${path} link in mail "${mail.subject}": ${mail.text}`);
  return link;
}

/** Waits for the n-th mail (1-based) to `address` whose subject matches: delivery is asynchronous SMTP. */
export async function nthMail(sink: MailSink, address: string, subject: RegExp, n: number): Promise<CapturedMail> {
  return vi.waitFor(
    () => {
      const mail = sink.to(address).filter((candidate) => subject.test(candidate.subject))[n - 1];
      if (!mail) throw new Error(`mail #${n} to ${address} matching ${String(subject)} has not arrived`);
      return mail;
    },
    { timeout: 10_000, interval: 10 },
  );
}

export const VERIFY_SUBJECT = /confirm your email/i;
export const CHANGE_EMAIL_SUBJECT = /confirm your new email/i;
export const EMAIL_CHANGED_SUBJECT = /email address was changed/i;

/**
 * Moves an account to `newEmail` as a person does: Settings with the current password, then
 * the link mailed to the new address. Returns that link's token and the answer to it.
 */
export async function changeEmail(
  api: JsonClient,
  sink: MailSink,
  user: { token: string; password: string; user: { firstName: string; lastName: string } },
  newEmail: string,
): Promise<{ status: number; body: unknown }> {
  const { firstName, lastName } = user.user;
  const res = await api.put('/api/account', { firstName, lastName, email: newEmail, currentPassword: user.password }, user.token);
  if (res.status !== 200) throw new Error(`e-mail change refused: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await nthMail(
    sink,
    newEmail.toLowerCase(),
    CHANGE_EMAIL_SUBJECT,
    sink.to(newEmail.toLowerCase()).filter((m) => CHANGE_EMAIL_SUBJECT.test(m.subject)).length + 1,
  );
  return api.post('/api/auth/verify-email', { token: tokenOf(linkTo(mail, '/verify-email')) });
}
export const RESET_SUBJECT = /reset your loadout password/i;
