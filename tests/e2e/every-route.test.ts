import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './helpers/axe';
import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, newPerson, signUp, storedToken } from './helpers/ui';

/**
 * Every route of the web app, as a phone and as a desktop, light and dark: no page may scroll
 * sideways, none may show a Mantine component whose styles the build left out, and none may
 * have a serious or critical accessibility problem (axe-core). Each
 * page is also saved as a screenshot to look at (tests/e2e/screenshots/r-<route>-<width>-<theme>.png).
 */

type Who = 'member' | 'guest';

interface RouteCase {
  /** The route's pattern exactly as routes.tsx writes it, so that a new route without a case fails. */
  pattern: string;
  /** Screenshot name part. */
  name: string;
  /** Signed in as the admin (who sees every page) or signed out. */
  who: Who;
  /** The address to open, with real ids and the queries the page expects. */
  url: () => string;
  /** What the page shows once it has loaded (default: its h1). */
  ready?: (page: Page) => Promise<void>;
}

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;
type Size = (typeof SIZES)[number];
type Theme = (typeof THEMES)[number];

/** While working on a few pages: EVERY_ROUTE_ONLY=app-catalogue,history visits only those. */
const ONLY = process.env.EVERY_ROUTE_ONLY?.split(',');

const ids = { device: '', installation: '', list: '', share: '' };

const ROUTES: readonly RouteCase[] = [
  { pattern: '/', name: 'root', who: 'member', url: () => '/' },
  { pattern: 'sign-in', name: 'sign-in', who: 'guest', url: () => '/sign-in' },
  { pattern: 'sign-up', name: 'sign-up', who: 'guest', url: () => '/sign-up' },
  { pattern: 'app-list', name: 'app-list', who: 'member', url: () => `/app-list?list=${ids.list}` },
  { pattern: 'app-database-management', name: 'app-database-management', who: 'member', url: () => '/app-database-management' },
  { pattern: 'admin-console', name: 'admin-console', who: 'member', url: () => '/admin-console' },
  { pattern: 'app-catalogue', name: 'app-catalogue', who: 'member', url: () => '/app-catalogue' },
  { pattern: 'settings', name: 'settings', who: 'member', url: () => '/settings' },
  { pattern: 'payment-page', name: 'payment-page', who: 'member', url: () => '/payment-page?plan=premium' },
  { pattern: 'devices', name: 'devices', who: 'member', url: () => '/devices' },
  { pattern: 'devices/:deviceId', name: 'device', who: 'member', url: () => `/devices/${ids.device}` },
  // The member has no Annual Premium: the groups page shows its note, a group's page its "not found".
  { pattern: 'groups', name: 'groups', who: 'member', url: () => '/groups' },
  { pattern: 'groups/:id', name: 'group', who: 'member', url: () => '/groups/no-such-group' },
  // Nor Premium: both webhook pages show their plan note (tests/e2e/webhooks.test.ts sees them with the plan).
  { pattern: 'webhooks', name: 'webhooks', who: 'member', url: () => '/webhooks' },
  // Its plan note too (tests/e2e/update-policies.test.ts edits policies with the plan).
  { pattern: 'updates', name: 'updates', who: 'member', url: () => '/updates' },
  { pattern: 'webhooks/:id', name: 'webhook', who: 'member', url: () => '/webhooks/no-such-webhook' },
  { pattern: 'installations', name: 'installations', who: 'member', url: () => '/installations' },
  { pattern: 'installations/:id', name: 'installation', who: 'member', url: () => `/installations/${ids.installation}` },
  { pattern: 'history', name: 'history', who: 'member', url: () => '/history' },
  { pattern: 'pricing-page', name: 'pricing-page', who: 'member', url: () => '/pricing-page' },
  { pattern: 'pricing', name: 'pricing', who: 'guest', url: () => '/pricing' },
  { pattern: 'terms-of-use', name: 'terms-of-use', who: 'guest', url: () => '/terms-of-use' },
  { pattern: 'password-reset', name: 'password-reset', who: 'guest', url: () => '/password-reset' },
  { pattern: 'reset-password', name: 'reset-password', who: 'guest', url: () => '/reset-password?token=not-a-real-token' },
  { pattern: 'verify-email', name: 'verify-email', who: 'guest', url: () => '/verify-email?token=not-a-real-token' },
  { pattern: 'undo-email-change', name: 'undo-email-change', who: 'guest', url: () => '/undo-email-change?token=not-a-real-token' },
  { pattern: 'devices/enroll', name: 'devices-enroll', who: 'guest', url: () => '/devices/enroll?code=not-a-real-code' },
  {
    pattern: 'auth/:provider/callback',
    name: 'auth-callback',
    who: 'guest',
    url: () => '/auth/google/callback',
    // Opened without the provider's answer, the page says so and offers the way back (no heading).
    ready: (page) => page.getByRole('link', { name: 'Back to Sign In' }).waitFor({ timeout: 20_000 }),
  },
  { pattern: 'shared/:shareId', name: 'shared-list', who: 'guest', url: () => `/shared/${ids.share}` },
  { pattern: 'gallery', name: 'gallery', who: 'guest', url: () => '/gallery' },
  { pattern: '*', name: 'unknown', who: 'member', url: () => '/no/such/page' },
];

/** Every path routes.tsx declares (the index route is written `index`). */
function declaredRoutes(): string[] {
  const source = readFileSync(join(process.cwd(), 'src/renderer/src/app/routes.tsx'), 'utf8');
  const paths = [...source.matchAll(/<Route\s[^>]*\bpath="([^"]+)"/g)].map((match) => match[1] ?? '');
  return /<Route\s+index\b/.test(source) ? ['/', ...paths] : paths;
}

/** Waits until no finite animation runs (Mantine's transitions), so the screenshot shows the page at rest. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

async function waitUntilLoaded(page: Page, route: RouteCase, key: string): Promise<void> {
  try {
    if (route.ready) await route.ready(page);
    else await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  } catch (error) {
    await screenshot(page, `r-${key}-not-loaded`);
    throw new Error(`${route.url()} (${key}) did not finish loading; see r-${key}-not-loaded.png`, { cause: error });
  }
  // Sections that load after the heading (tables, cards) show a spinner until then.
  await page
    .waitForFunction(() => document.querySelectorAll('main .mantine-Loader-root').length === 0, undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await settle(page);
}

/**
 * Null when the page fits the window; otherwise which element sticks out furthest, named so
 * that its owner can find it. Elements inside a box that scrolls or clips are not counted:
 * a table that scrolls inside itself is fine.
 */
async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= viewport) return null;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (element: Element): string => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${classes}> "${label}"`;
    };
    let worst: { element: Element; right: number; width: number } | null = null;
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.right <= viewport + 1 || rect.width === 0 || clipped(element)) continue;
      if (!worst || rect.right > worst.right || (rect.right === worst.right && rect.width < worst.width)) {
        worst = { element, right: rect.right, width: rect.width };
      }
    }
    const culprit = worst ? `${describe(worst.element)} reaches ${Math.round(worst.right)} px` : 'no single element found';
    return `page is ${scrollWidth} px wide in a ${viewport} px window; ${culprit}`;
  });
}

/**
 * Mantine's classes (`m_` and eight hex digits) on the page that no loaded style rule names: the
 * web build ships only the styles of the components the app imports, so a component whose
 * styles were left out shows here, unstyled.
 */
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList): void => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const styled = new Set(selectors.join(' ').match(/m_[0-9a-f]{8}/g) ?? []);
    const used = new Map<string, string>();
    for (const element of document.querySelectorAll('[class*="m_"]')) {
      for (const name of element.classList) {
        if (/^m_[0-9a-f]{8}$/.test(name) && !styled.has(name) && !used.has(name)) {
          const mantineName = [...element.classList].find((other) => other.startsWith('mantine-')) ?? element.tagName.toLowerCase();
          used.set(name, `${name} (${mantineName})`);
        }
      }
    }
    return [...used.values()];
  });
}

describe('every route, at 390 and 1440 px, light and dark', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages = {} as Record<Who, Page>;

  beforeAll(async () => {
    // A copy of the built web app: the sweep takes minutes, and a rebuild meanwhile (another test
    // run in the same checkout) would pull the pages out from under it.
    const webDir = mkdtempSync(join(tmpdir(), 'loadout-every-route-web-'));
    cpSync(join(process.cwd(), 'dist/renderer'), webDir, { recursive: true });
    server = await startServer({ CATALOGUE_SEED_FILE: 'resources/catalogue/seed.json', WEB_DIR: webDir });
    browser = await launchBrowser();
    pages.member = await (await browser.newContext()).newPage();
    pages.guest = await (await browser.newContext()).newPage();

    // The first account on a fresh server is the admin, so one person reaches every page.
    const member = pages.member;
    await signUp(member, server.url, newPerson('routes'));
    await createListWithApps(member, server.url, 'Workstation', ['Firefox', 'VLC']);
    const token = await storedToken(member, 'token');
    const api = async <T>(path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const lists = await api<Array<{ id: string }>>('/api/lists');
    ids.list = lists[0]?.id ?? '';
    // A machine enrolled with a registration code, as the agent does, and one installation for it.
    const { token: registration } = await api<{ token: { code: string } }>('/api/device-tokens', { maxUses: 1 });
    const enrolled = await api<{ device: { device_id: string } }>('/api/devices/enroll', {
      code: registration.code,
      deviceId: 'dev_routesweep01',
      deviceName: 'Build box',
      platform: 'linux',
      arch: 'x64',
      hardwareFingerprint: 'every-route-sweep',
      agentVersion: '1.0.0',
    });
    ids.device = enrolled.device.device_id;
    const installation = await api<{ id: string }>('/api/installations', { listId: ids.list, deviceIds: [ids.device] });
    ids.installation = installation.id;
    // The list shared publicly: its page and the gallery are seen signed out.
    const shared = await fetch(`${server.url}/api/lists/${ids.list}/sharing`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({ visibility: 'public', description: 'What a new workstation needs' }),
    });
    if (!shared.ok) throw new Error(`sharing answered ${shared.status}: ${await shared.text()}`);
    ids.share = ((await shared.json()) as { shareId: string }).shareId;
    await pages.guest.goto(`${server.url}/terms-of-use`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('has a case for every route routes.tsx declares', () => {
    expect(ROUTES.map((route) => route.pattern).sort()).toEqual(declaredRoutes().sort());
  });

  const passes: Array<{ size: Size; theme: Theme }> = THEMES.flatMap((theme) => SIZES.map((size) => ({ size, theme })));

  for (const { size, theme } of passes) {
    it(`fits and passes axe at ${size.width} px, ${theme}`, async () => {
      const problems: string[] = [];
      for (const page of Object.values(pages)) {
        await page.setViewportSize(size);
        await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
      }
      for (const route of ROUTES.filter((candidate) => !ONLY || ONLY.includes(candidate.name))) {
        const page = pages[route.who];
        const key = `${route.name}-${size.width}-${theme}`;
        await page.goto(`${server.url}${route.url()}`);
        await waitUntilLoaded(page, route, key);
        await screenshot(page, `r-${key}`);

        const unstyled = await unstyledMantineClasses(page);
        if (unstyled.length > 0) problems.push(`${route.url()} (${key}) has Mantine classes with no styles: ${unstyled.join(', ')}`);
        const overflow = await horizontalOverflow(page);
        if (overflow) problems.push(`${route.url()} (${key}) scrolls sideways: ${overflow}`);
        const violations = await axeFindings(page);
        if (violations.length > 0) {
          const listed = violations.map((v) => `    ${v.impact} ${v.id} (${v.help}): ${v.targets.join(' | ')}`).join('\n');
          problems.push(`${route.url()} (${key}) has accessibility violations:\n${listed}`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    }, 240_000);
  }
});
