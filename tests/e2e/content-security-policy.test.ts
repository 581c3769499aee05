import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

interface Session {
  token: string;
  refreshToken: string;
  user: unknown;
}

/** One JSON call as the web app makes it; a refusal fails the test with the server's answer. */
async function api<T>(server: RunningServer, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Every page a person can open first runs under the strict CSP (a nonce per answer,
 * 'strict-dynamic') with nothing refused: the app's own chunks, the lazily loaded pages and
 * the shared page with its link-preview tags. A refusal shows in the console, and a refused
 * entry script would leave the page blank, so each page must also show its heading.
 */
describe('the content security policy', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: Session;
  let sharedPath = '';

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: 'resources/catalogue/seed.json' });
    browser = await launchBrowser();
    const email = `csp-${Date.now()}@example.test`;
    const password = 'correct horse battery staple';
    await api(server, '/api/auth/register', {
      method: 'POST',
      body: {
        firstName: 'Casey',
        lastName: 'Policy',
        email,
        password,
        careerField: 'Engineering',
        dateOfBirth: '1990-05-17',
        agreeToTerms: true,
        receiveEmails: false,
      },
    });
    session = await api<Session>(server, '/api/auth/login', { method: 'POST', body: { email, password } });
    let apps: Array<{ app_id: number }> = [];
    for (const deadline = Date.now() + 30_000; apps.length === 0 && Date.now() < deadline; await new Promise((r) => setTimeout(r, 100)))
      apps = await api(server, '/catalogue/apps');
    const list = await api<{ id: string }>(server, '/api/lists', { method: 'POST', body: { name: 'New laptop' }, token: session.token });
    for (const app of apps.slice(0, 3))
      await api(server, `/api/lists/${list.id}/items`, { method: 'POST', body: { appId: app.app_id }, token: session.token });
    const sharing = await api<{ shareUrl: string }>(server, `/api/lists/${list.id}/sharing`, {
      method: 'PUT',
      body: { visibility: 'public', description: 'What I install on a new laptop.' },
      token: session.token,
    });
    sharedPath = new URL(sharing.shareUrl).pathname;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens `path` in a fresh browser (signed in with `signedIn`) and answers what the console said about the CSP. */
  async function refusalsOn(path: string, heading: string | RegExp, signedIn?: Session): Promise<string[]> {
    const context = await browser.newContext();
    const page: Page = await context.newPage();
    const refusals: string[] = [];
    const listen = (message: ConsoleMessage) => {
      if (/Content[ -]Security[ -]Policy|Refused to/i.test(message.text())) refusals.push(message.text());
    };
    page.on('console', listen);
    // Chrome reports some refusals (a script's eval) only as DevTools issues, not in the console.
    const devtools = await context.newCDPSession(page);
    devtools.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue') refusals.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
    });
    await devtools.send('Audits.enable');
    if (signedIn) {
      await page.goto(`${server.url}/robots.txt`);
      await page.evaluate((stored) => {
        localStorage.setItem('token', stored.token);
        localStorage.setItem('refreshToken', stored.refreshToken);
        localStorage.setItem('user', JSON.stringify(stored.user));
      }, signedIn);
    }
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    // Lazy chunks and icons that arrive after the heading. A signed-in page keeps its live-events
    // stream open, so the network is never idle there: its list's name on the page (drawn by the
    // lazy screen from the API's answer) and the load event stand for the same.
    if (signedIn) {
      await page.getByText('New laptop').first().waitFor();
      await page.waitForLoadState('load');
    } else {
      await page.waitForLoadState('networkidle');
    }
    await context.close();
    return refusals;
  }

  it('refuses nothing on the sign-in page, the gallery, a shared list and the signed-in lists', async () => {
    expect(await refusalsOn('/sign-in', /sign in/i), 'sign-in').toEqual([]);
    expect(await refusalsOn('/gallery', /gallery/i), 'gallery').toEqual([]);
    expect(await refusalsOn(sharedPath, 'New laptop'), 'shared list').toEqual([]);
    expect(await refusalsOn('/app-list', /lists/i, session), 'lists').toEqual([]);
  });

  it('sends every page a fresh nonce and no script source that runs without one', async () => {
    const first = await fetch(`${server.url}/sign-in`);
    const second = await fetch(`${server.url}/sign-in`);
    const policy = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).not.toContain("'unsafe-inline' 'self'");
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    const html = await first.text();
    expect(html).toContain(`<script nonce="${nonce}"`);
  });
});
