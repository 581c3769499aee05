import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { field, logOut, newPerson, see, signUp, storedToken, submitSignUp } from './helpers/ui';

describe('sign-up that tells nobody who is registered, and sign-in that comes back', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const person = newPerson('redirect');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage();
    await signUp(page, server.url, person);
    await logOut(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers a sign-up with a registered address like any other, and mails its owner', async () => {
    // A stranger's browser: nothing stored, another password.
    const context = await browser.newContext();
    const stranger = await context.newPage();
    await submitSignUp(stranger, server.url, { ...person, password: 'another-Password-9' });

    await see(stranger, 'Check your inbox: we sent a link to confirm your email address.');
    await see(stranger, /If you already have an account with this address, you can/);
    const signInLink = stranger.getByRole('link', { name: 'sign in', exact: true });
    expect(await signInLink.getAttribute('href')).toBe(`/sign-in?email=${encodeURIComponent(person.email)}`);
    expect(await stranger.getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe(
      `/password-reset?email=${encodeURIComponent(person.email)}`,
    );
    expect(await storedToken(stranger, 'token')).toBeNull();
    expect(stranger.url()).toContain('/sign-up');
    await screenshot(stranger, '20-sign-up-existing-address');

    const notice = await server.mail.waitFor(person.email, /someone tried to sign up/i);
    expect(notice.links.some((link) => link.includes('/password-reset'))).toBe(true);

    // The link leads to sign-in with the address filled in.
    await signInLink.click();
    await stranger.waitForURL('**/sign-in?email=*');
    expect(await field(stranger, 'Email').inputValue()).toBe(person.email);
    await context.close();
  });

  it('goes back to the page that asked for sign-in', async () => {
    await page.goto(`${server.url}/sign-in?redirect=/settings`);
    await field(page, 'Email').fill(person.email);
    await field(page, 'Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await screenshot(page, '21-sign-in-redirected-to-settings');

    // The guard's own way back works the same: a signed-out visit to /devices, then sign-in.
    await logOut(page);
    await page.goto(`${server.url}/devices`);
    await page.waitForURL('**/sign-in?redirect=%2Fdevices');
    await field(page, 'Email').fill(person.email);
    await field(page, 'Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/devices`);
    await page.getByRole('heading', { name: 'Device Management' }).waitFor();
  });

  it('stays on this site when the redirect points elsewhere', async () => {
    await logOut(page);
    await page.goto(`${server.url}/sign-in?redirect=${encodeURIComponent('/.//evil.invalid')}`);
    await field(page, 'Email').fill(person.email);
    await field(page, 'Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/app-list`);
    expect(new URL(page.url()).origin).toBe(server.url);
  });
});
