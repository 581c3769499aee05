import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { field, newPerson, see, signIn, signUp, storedToken } from './helpers/ui';

describe('changing the e-mail address, and undoing it from the old one', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('needs the password, confirms at the new address, and the old address can take it back', async () => {
    const person = newPerson('email-change');
    const newEmail = `moved-${person.email}`;
    const base = server.url;
    await signUp(page, base, person);

    // Settings: a new address without the current password is refused on that field.
    await page.goto(`${base}/settings`);
    const email = field(page, 'Email');
    await expect.poll(() => email.inputValue()).toBe(person.email);
    await email.fill(newEmail);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await see(page, 'Current password is required to change email');
    await screenshot(page, '30-email-change-needs-password');

    // A wrong password is refused by the server, on the same field, and the session stays.
    await field(page, 'Current password').fill('not-my-Password-0');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await see(page, 'Current password is incorrect');
    expect(page.url()).toBe(`${base}/settings`);

    await field(page, 'Current password').fill(person.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await see(page, `We sent a link to ${newEmail}. Your email address changes when you open it.`);
    await expect.poll(() => email.inputValue()).toBe(person.email);

    // The new address confirms; the old one is told, with a link to undo.
    const confirm = await server.mail.waitFor(newEmail, /confirm your new email/i);
    const confirmLink = confirm.links.find((link) => link.includes('/verify-email?token='));
    expect(confirmLink, confirm.text).toBeDefined();
    await page.goto(confirmLink ?? '');
    await see(page, 'Your email is verified.');
    const changed = await server.mail.waitFor(person.email, /email address was changed/i);
    const undoLink = changed.links.find((link) => link.includes('/undo-email-change?token='));
    expect(undoLink, changed.text).toBeDefined();

    // Opened in this (signed-in) browser: the address comes back and every session ends,
    // this one included, without leaving the page.
    await page.goto(undoLink ?? '');
    await see(
      page,
      `Your email address is back to ${person.email}. Every session was signed out and the password cleared: choose a new one to sign in.`,
    );
    expect(await storedToken(page, 'token')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/undo-email-change');
    await screenshot(page, '31-email-change-undone');

    // The way on is a new password, for the old address.
    await page.getByRole('link', { name: 'Choose a New Password' }).click();
    await page.waitForURL('**/password-reset?email=*');
    expect(await field(page, 'Email').inputValue()).toBe(person.email);

    // The link is spent, and the password it cleared no longer signs in.
    await page.goto(undoLink ?? '');
    await see(page, 'This link is invalid or has already been used.');
    await signIn(page, base, person.email, person.password);
    await see(page, 'Invalid email or password');
  });
});
