import type { Locator, Page } from 'playwright-core';

import { screenshot } from './browser';

/** The input labelled exactly `label` (Mantine adds " *" to required fields' labels). */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** The people the browser tests sign up: one fresh address per test. */
export function newPerson(tag: string) {
  const id = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: 'Ada', lastName: 'Lovelace', email: `${id}@example.test`, password: 'first-Password-1' };
}

/**
 * Resolves when `text` is visible somewhere on the page. When it never shows, the failure
 * says what the page showed instead (its alerts and toasts) and leaves a screenshot, since a
 * CI run is the only place some failures happen.
 */
export async function see(page: Page, text: string | RegExp): Promise<void> {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
  } catch (error) {
    const shown = await page
      .locator('[role="alert"], .mantine-Notification-root')
      .allInnerTexts()
      .catch(() => []);
    await screenshot(page, `failed-${Date.now()}`).catch(() => undefined);
    throw new Error(`Did not see ${String(text)} at ${page.url()} within 15 s; the page showed: ${shown.join(' | ') || 'no alert'}`, {
      cause: error,
    });
  }
}

/** Fills in the sign-up form for `person` and sends it. */
export async function submitSignUp(page: Page, baseUrl: string, person: ReturnType<typeof newPerson>): Promise<void> {
  await page.goto(`${baseUrl}/sign-up`);
  await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
  await field(page, 'Email').fill(person.email);
  await field(page, 'Password').fill(person.password);
  await field(page, 'Legal first name').fill(person.firstName);
  await field(page, 'Legal last name').fill(person.lastName);
  await field(page, 'Date of birth').fill('1990-04-12');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Signs a new person up. Sign-up itself answers 202 without a session (alike for every
 * address); the web app then signs in with the same password and lands on the lists.
 */
export async function signUp(page: Page, baseUrl: string, person: ReturnType<typeof newPerson>): Promise<void> {
  await submitSignUp(page, baseUrl, person);
  await page.waitForURL('**/app-list**');
  // A new account has a free seat, so the app asks to register this browser: do as a user would.
  await registerThisBrowser(page);
}

/** Answers the registration prompt that follows sign-in while this browser is not registered. */
export async function registerThisBrowser(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Register this browser' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/sign-in**');
}

export function storedToken(page: Page, key: 'token' | 'refreshToken'): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** A new list with these catalogue apps, made on the Lists screen as a person does; returns its card. */
export async function createListWithApps(page: Page, baseUrl: string, name: string, apps: readonly string[]): Promise<Locator> {
  await page.goto(`${baseUrl}/app-list`);
  await page.getByRole('button', { name: 'New List' }).first().click();
  await field(page, 'List name').fill(name);
  await page.getByRole('button', { name: 'Create List' }).click();
  const card = page.getByRole('region', { name });
  await card.getByRole('button', { name: 'Add apps' }).click();
  const drawer = page.getByRole('dialog', { name: `Add apps to ${name}` });
  for (const app of apps) {
    await field(drawer, 'Search apps').fill(app);
    await drawer.getByRole('button', { name: `Add ${app}`, exact: true }).click();
    await drawer.getByRole('button', { name: `${app} added`, exact: true }).waitFor();
  }
  await page.keyboard.press('Escape');
  return card;
}

/** A call of the signed-in person's API from the page, with their token, as the web app sends it. */
export function pageApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    { method, url, body },
  );
}
