import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { field, newPerson, registerThisBrowser, see, signIn, signUp } from './helpers/ui';

const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

describe('devices: tokens, enrolment, protection and deactivation', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  const person = newPerson('devices');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await (await browser.newContext()).newPage();
    // Browser timers are driven by the test too: the 30-second token-driven refresh runs on demand.
    await admin.clock.install();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers the browser, enrols a machine with a token and deactivates it after its protection', async () => {
    // Signing up registers this browser: the account's first device, so its admin device.
    await signUp(admin, server.url, person);
    await admin.goto(`${server.url}/devices`);
    await admin.getByRole('heading', { name: 'Device Management' }).waitFor();
    await see(admin, 'This device');
    await see(admin, 'Admin');

    // Generate a registration token for one machine.
    await admin.getByRole('button', { name: 'Generate Token' }).click();
    const generate = admin.getByRole('dialog', { name: 'Generate Registration Token' });
    await field(generate, 'Max Uses').fill('1');
    await generate.getByRole('button', { name: 'Generate' }).click();
    // The dialog then shows the code, the link and the headless agent's commands.
    const generated = admin.getByRole('dialog', { name: 'Registration Token Generated' });
    // (The one-file agent's commands are under "Other ways", closed at first.)
    await generated.getByText('node loadout-agent.mjs run').waitFor({ state: 'attached' });
    await screenshot(admin, '30-token-generated');
    await generated.getByRole('button', { name: 'Done' }).click();
    await generated.waitFor({ state: 'hidden' });

    // The agent enrols through the API with the code, exactly as the headless agent will.
    const tokens = (await admin.evaluate(async () => {
      const res = await fetch('/api/tokens', {
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, 'x-device-id': localStorage.getItem('deviceId') ?? '' },
      });
      return (await res.json()) as unknown;
    })) as { tokens: Array<{ code: string; max_uses: number }> };
    expect(tokens.tokens).toHaveLength(1);
    expect(tokens.tokens[0]?.max_uses).toBe(1);
    const enrolled = await admin.request.post(`${server.url}/api/devices/enroll`, {
      data: {
        code: tokens.tokens[0]?.code,
        deviceId: 'agent-build-01',
        deviceName: 'build-server',
        platform: 'linux',
        arch: 'x64',
        agentVersion: '0.1.0',
      },
    });
    expect(enrolled.status()).toBe(201);
    const { credential } = (await enrolled.json()) as { credential: string };

    // It shows up within the token-driven refresh cycle (30 s of browser time, fast-forwarded).
    await admin.clock.fastForward(30_000);
    const card = admin.getByRole('article', { name: 'build-server' });
    await card.waitFor({ timeout: 15_000 });
    await see(admin, 'Remote');
    // Its one use is spent: the token is no longer offered. Free's third seat is still free.
    await see(admin, 'No active tokens. Generate one to add a machine: its dialog shows what to download and run there.');
    await see(admin, '1 seat left');

    // Rename it inline.
    await card.getByTitle('Click to rename').click();
    const name = card.getByRole('textbox', { name: 'Device name' });
    await name.fill('Build server (rack 2)');
    await name.press('Enter');
    const renamed = admin.getByRole('article', { name: 'Build server (rack 2)' });
    await renamed.waitFor();

    // In its first hour it could still go at once (a mistake); past it, inside the new-device
    // protection, it cannot be deactivated, and the page says why.
    await renamed.getByText('Can be removed for the next 60 minutes, then protected for 72h').waitFor();
    expect(await renamed.getByRole('button', { name: 'Deactivate' }).isEnabled()).toBe(true);
    server.clock.advanceMinutes(61);
    await admin.reload();
    await renamed
      .getByText(/Protected for/)
      .first()
      .waitFor();
    expect(await renamed.getByRole('button', { name: 'Deactivate' }).isDisabled()).toBe(true);
    await renamed
      .getByText(/Protected/)
      .first()
      .waitFor();
    await screenshot(admin, '31-device-protected');

    // 73 hours later (the server's clock; nothing sleeps) the protection is over.
    server.clock.advanceHours(73);
    await admin.reload();
    await renamed.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Deactivate Device' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await renamed.waitFor({ state: 'detached' });
    await screenshot(admin, '32-device-deactivated');

    // The machine's credential is refused on its very next call.
    const me = await admin.request.get(`${server.url}/api/agent/me`, { headers: { authorization: `Bearer ${credential}` } });
    expect(me.status()).toBe(401);
  });

  it('signs out a second browser whose device was deactivated from the first', async () => {
    const second = await (await browser.newContext({ userAgent: FIREFOX_UA, viewport: { width: 1100, height: 800 } })).newPage();
    await signIn(second, server.url, person.email, person.password);
    await second.waitForURL('**/app-list**');
    await registerThisBrowser(second);

    // Past its protection and the account's cooldown since the last deactivation.
    server.clock.advanceHours(73);
    await admin.goto(`${server.url}/devices`);
    const secondCard = admin.getByRole('article').filter({ hasText: 'Firefox' });
    await secondCard.getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByRole('dialog', { name: 'Deactivate Device' }).getByRole('button', { name: 'Deactivate' }).click();
    await secondCard.waitFor({ state: 'detached' });

    // The second browser's next call is refused: it lands on sign-in with the message.
    await second.goto(`${server.url}/settings`);
    await second.waitForURL('**/sign-in?message=device_deactivated_remotely');
    await see(second, 'Your device has been deactivated from another location. Please sign in again.');
    // One message: the page's, not a toast beside it that says something else.
    expect(await second.getByText('Please sign in again.').count()).toBe(1);
    await screenshot(second, '33-second-browser-signed-out');
  });
});
