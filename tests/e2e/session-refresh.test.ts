import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { field, newPerson, see, signUp, storedToken } from './helpers/ui';

describe('sessions in the browser', () => {
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

  it('refreshes an expired access token without the user noticing, and refuses a reused refresh token', async () => {
    const person = newPerson('refresh');
    await signUp(page, server.url, person);
    const firstToken = await storedToken(page, 'token');
    const firstRefresh = await storedToken(page, 'refreshToken');
    expect(firstToken).toBeTruthy();

    // Sixteen minutes later the 15-minute access token has expired on the server's clock.
    server.clock.advanceMinutes(16);
    const expired = await page.request.get(`${server.url}/api/account`, { headers: { authorization: `Bearer ${firstToken}` } });
    expect(expired.status()).toBe(401);
    expect((await expired.json()) as unknown).toMatchObject({ code: 'TOKEN_EXPIRED' });

    // The settings page still loads the account: the client refreshed and retried.
    await page.goto(`${server.url}/settings`);
    await expect.poll(() => field(page, 'First name').inputValue()).toBe(person.firstName);
    expect(page.url()).toContain('/settings');
    const secondToken = await storedToken(page, 'token');
    const secondRefresh = await storedToken(page, 'refreshToken');
    expect(secondToken).not.toBe(firstToken);
    expect(secondRefresh).not.toBe(firstRefresh);
    await screenshot(page, '10-settings-after-transparent-refresh');

    // A minute later (past the half minute a reloaded page may present it again), someone
    // presents the spent refresh token: refused, and the whole session ends.
    server.clock.advanceMinutes(1);
    const reused = await page.request.post(`${server.url}/api/auth/refresh`, { data: { refreshToken: firstRefresh } });
    expect(reused.status()).toBe(401);
    expect((await reused.json()) as unknown).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    const newerRefresh = await page.request.post(`${server.url}/api/auth/refresh`, { data: { refreshToken: secondRefresh } });
    expect(newerRefresh.status()).toBe(401);

    // The signed-in tab finds out on its next call and is sent to sign in again.
    await page.goto(`${server.url}/settings`);
    await page.waitForURL('**/sign-in?message=refresh_token_reused');
    await see(page, 'This sign-in was ended for your security. Please sign in again.');
    // One true message: the device was not deactivated, and no toast says anything else.
    expect(await page.getByText('Please sign in again.').count()).toBe(1);
    expect(await storedToken(page, 'token')).toBeNull();
    await screenshot(page, '11-signed-out-after-reuse');
  });
});
