import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { field, logOut, newPerson, see, signIn, signUp } from './helpers/ui';

describe('a new user, from sign-up to deleting the account', () => {
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

  it('signs up, verifies, edits settings, resets the password and deletes the account', async () => {
    const person = newPerson('lifecycle');
    const base = server.url;

    // Sign up: the account works at once, unverified.
    await signUp(page, base, person);
    await see(page, 'Your Lists');
    await screenshot(page, '01-app-list-after-sign-up');

    // The verification mail arrives over SMTP; its link verifies the address.
    const verification = await server.mail.waitFor(person.email, /confirm your email/i);
    const verifyLink = verification.links.find((link) => link.includes('/verify-email?token='));
    expect(verifyLink, verification.text).toBeDefined();
    expect(verifyLink?.startsWith(base)).toBe(true);
    await page.goto(verifyLink ?? '');
    await see(page, 'Your email is verified.');
    await screenshot(page, '02-email-verified');

    // Log out, then sign in again.
    await page.goto(`${base}/app-list`);
    await logOut(page);
    await signIn(page, base, person.email, person.password);
    await page.waitForURL('**/app-list**');

    // Settings: the badge says Verified; change the name and the password.
    await page.goto(`${base}/settings`);
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await see(page, 'Verified');
    const firstName = field(page, 'First name');
    await expect.poll(() => firstName.inputValue()).toBe(person.firstName);
    await firstName.fill('Augusta');
    const newPassword = 'second-Password-2';
    await field(page, 'Current password').fill(person.password);
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm new password').fill(newPassword);
    await screenshot(page, '03-settings-filled');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await see(page, 'Password updated successfully!');
    await see(page, 'Account details updated successfully');
    await screenshot(page, '04-settings-saved');

    // Log out; the old password no longer works, the new one does, and the name stuck.
    await logOut(page);
    await signIn(page, base, person.email, person.password);
    await see(page, 'Invalid email or password');
    await signIn(page, base, person.email, newPassword);
    await page.waitForURL('**/app-list**');
    await page.goto(`${base}/settings`);
    await expect.poll(() => field(page, 'First name').inputValue()).toBe('Augusta');

    // Forgotten password: request a reset link while signed out and complete it.
    await logOut(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/password-reset');
    // The URL changes before the lazy page replaces the sign-in form: wait for the page itself.
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    await field(page, 'Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await see(page, 'If an account exists for that address, we sent a link to reset your password.');
    const reset = await server.mail.waitFor(person.email, /reset your loadout password/i);
    const resetLink = reset.links.find((link) => link.includes('/reset-password?token='));
    expect(resetLink, reset.text).toBeDefined();
    await page.goto(resetLink ?? '');
    const resetPassword = 'third-Password-3';
    await field(page, 'New password').fill(resetPassword);
    await field(page, 'Confirm password').fill(resetPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await see(page, 'Your password has been reset. You can now sign in with your new password.');
    await screenshot(page, '05-password-reset');
    await signIn(page, base, person.email, resetPassword);
    await page.waitForURL('**/app-list**');

    // Delete the account: a wrong password is refused, the right one deletes it.
    await page.goto(`${base}/settings`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await see(page, 'Incorrect password');
    expect(page.url()).toContain('/settings');
    await field(dialog, 'Password').fill(resetPassword);
    await screenshot(page, '06-delete-modal');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await page.waitForURL('**/sign-in**');
    await see(page, 'Your account has been deleted successfully');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);

    // The account is gone.
    await signIn(page, base, person.email, resetPassword);
    await see(page, 'Invalid email or password');
  });

  it('keeps in Settings what sign-up required: the last name stays required, and the date of birth is shown', async () => {
    const person = newPerson('settings-legal');
    const own = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signUp(own, server.url, person);
    await own.goto(`${server.url}/settings`);
    await own.getByRole('heading', { name: 'Personal Information' }).waitFor();
    // Signed up with 1990-04-12 (the browser's language is English).
    expect(await field(own, 'Date of birth').inputValue()).toBe('April 12, 1990');
    expect(await field(own, 'Date of birth').getAttribute('readonly')).not.toBeNull();
    await field(own, 'Last name').fill('');
    await own.getByRole('button', { name: 'Save Changes' }).click();
    await own.getByText('First and last name are required').waitFor();
    await screenshot(own, '07-settings-last-name-required-1440-light');

    await own.setViewportSize({ width: 390, height: 844 });
    await inDarkMode(own, 'Personal Information', async () => {
      expect(await field(own, 'Date of birth').inputValue()).toBe('April 12, 1990');
      expect(await own.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(own, '07-settings-390-dark');
    });
    await own.context().close();
  });
});
