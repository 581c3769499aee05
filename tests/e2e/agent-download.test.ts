import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { newPerson, see, signUp } from './helpers/ui';

type System = 'windows' | 'macos' | 'linux';
interface ManifestBuild {
  platform: System;
  arch: 'x64' | 'arm64';
  format: 'exe' | 'deb' | 'msi' | 'tar.gz';
  file: string;
}

const USER_AGENTS: Record<System, string> = {
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macos: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};
const NAMES: Record<System, string> = { windows: 'Windows', macos: 'macOS', linux: 'Linux' };
/** The build each system leads with, and what its one command must name. */
const LEAD: Record<System, { file: string; command: RegExp }> = {
  windows: {
    file: 'loadout-agent-windows-x64.exe',
    command:
      /^if \(\(Get-FileHash "\$env:USERPROFILE\\Downloads\\loadout-agent-windows-x64\.exe" -Algorithm SHA256\)\.Hash -ne '[0-9a-f]{64}'\) \{ throw '[^']+' \}; & "\$env:USERPROFILE\\Downloads\\loadout-agent-windows-x64\.exe" install '/,
  },
  macos: {
    file: 'loadout-agent-macos-x64',
    command:
      /^echo '[0-9a-f]{64} {2}loadout-agent-macos-x64' \| shasum -a 256 -c - && chmod \+x loadout-agent-macos-x64 && sudo \.\/loadout-agent-macos-x64 install '/,
  },
  linux: {
    file: 'loadout-agent-linux-x64.deb',
    command:
      /^echo '[0-9a-f]{64} {2}loadout-agent-linux-x64\.deb' \| sha256sum -c - && sudo apt install \.\/loadout-agent-linux-x64\.deb && sudo loadout-agent install '/,
  },
};

/** The real build's folder when `npm run build:agent-native` has run here; dummy files stand in for what it lacks. */
const REAL_NATIVE_DIR = resolve('dist/agent/native');

/**
 * The web app leads with the native agent: the real server serves AGENT_NATIVE_DIR's manifest
 * (the real builds where there are some, dummy bytes for the other systems), and Chromium,
 * told it is a Windows, Mac or Linux browser, is offered that system's build first.
 */
describe('downloading the native agent from the token dialog and the enrolment page', () => {
  let server: RunningServer;
  let browser: Browser;
  const native = mkdtempSync(join(tmpdir(), 'loadout-e2e-native-'));
  const saved = mkdtempSync(join(tmpdir(), 'loadout-e2e-agent-saved-'));
  const builds: ManifestBuild[] = [];
  const pages = new Map<System, { context: BrowserContext; page: Page; link: string }>();
  /** The command each system's lead card shows, as copied from the page. */
  const commands = new Map<System, string>();

  function writeManifest(list: ManifestBuild[]): void {
    writeFileSync(join(native, 'manifest.json'), JSON.stringify({ version: '0.1.0', node: '24.0.0', builds: list }));
  }

  beforeAll(async () => {
    const realManifest = join(REAL_NATIVE_DIR, 'manifest.json');
    if (existsSync(realManifest)) {
      const real = (JSON.parse(readFileSync(realManifest, 'utf8')) as { builds: ManifestBuild[] }).builds;
      for (const build of real) {
        symlinkSync(join(REAL_NATIVE_DIR, build.file), join(native, build.file));
        builds.push({ platform: build.platform, arch: build.arch, format: build.format, file: build.file });
      }
    }
    const dummies: ManifestBuild[] = [
      { platform: 'windows', arch: 'x64', format: 'exe', file: 'loadout-agent-windows-x64.exe' },
      { platform: 'macos', arch: 'x64', format: 'exe', file: 'loadout-agent-macos-x64' },
      { platform: 'macos', arch: 'x64', format: 'tar.gz', file: 'loadout-agent-macos-x64.tar.gz' },
      { platform: 'linux', arch: 'x64', format: 'deb', file: 'loadout-agent-linux-x64.deb' },
      { platform: 'linux', arch: 'x64', format: 'exe', file: 'loadout-agent-linux-x64' },
    ];
    for (const dummy of dummies) {
      if (builds.some((build) => build.file === dummy.file)) continue;
      writeFileSync(join(native, dummy.file), Buffer.concat([Buffer.from(`${dummy.file} `), randomBytes(96 * 1024)]));
      builds.push(dummy);
    }
    writeManifest(builds);
    server = await startServer({ AGENT_NATIVE_DIR: native });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(native, { recursive: true, force: true });
    rmSync(saved, { recursive: true, force: true });
  });

  /** The elements that reach past the window's right edge (what would make a phone scroll sideways), named for the failure. */
  function overflowing(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 40)}" right ${Math.round(element.getBoundingClientRect().right)}`,
        )
        .slice(0, 8);
    });
  }

  /** Waits for the running CSS transitions (a section opening) to end, so a screenshot shows it whole. */
  async function settled(page: Page): Promise<void> {
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished),
      ).then(() => undefined),
    );
  }

  /** Generates a token on the Devices screen and answers the result dialog. */
  async function generateToken(page: Page): Promise<Locator> {
    await page.goto(`${server.url}/devices`);
    await page.getByRole('heading', { name: 'Device Management' }).waitFor();
    await page.getByRole('button', { name: 'Generate Token' }).click();
    await page.getByRole('dialog', { name: 'Generate Registration Token' }).getByRole('button', { name: 'Generate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registration Token Generated' });
    await dialog.waitFor();
    return dialog;
  }

  /** Checks that `scope` leads with `system`'s build and its command; answers the lead's card. */
  async function expectLead(scope: Locator, system: System, link: string): Promise<Locator> {
    const region = scope.getByRole('region', { name: `Download for ${NAMES[system]}` });
    await region.waitFor();
    const radios = region.getByRole('radio');
    expect(await radios.first().getAttribute('value')).toBe(system);
    expect(await radios.first().isChecked()).toBe(true);
    const lead = region.getByRole('article').first();
    await lead.getByRole('link', { name: `Download ${LEAD[system].file}` }).waitFor();
    // The card's last box: the command that connects the machine (macOS has the xattr line before it).
    const command = (await lead.locator('pre').last().innerText()).trim();
    expect(command).toMatch(LEAD[system].command);
    expect(command.endsWith(`install '${link}'`)).toBe(true);
    return lead;
  }

  it.each(['windows', 'macos', 'linux'] as const)('a %s browser is offered its own build first, with its one command', async (system) => {
    const context = await browser.newContext({
      userAgent: USER_AGENTS[system],
      acceptDownloads: true,
      viewport: { width: 1100, height: 900 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await signUp(page, server.url, newPerson(`agent-${system}`));

    const dialog = await generateToken(page);
    const code = (await dialog.locator('code').first().innerText()).trim();
    const link = `${server.url}/devices/enroll?code=${code}`;
    pages.set(system, { context, page, link });
    await expectLead(dialog, system, link);
    // Copy is announced, not only shown in a tooltip.
    await dialog.getByRole('button', { name: `Copy the SHA-256 of ${LEAD[system].file}` }).click();
    await dialog.getByRole('status').filter({ hasText: 'Copied' }).first().waitFor({ state: 'attached' });
    await screenshot(page, `70-agent-token-dialog-${system}`);

    // The enrolment page the link opens on the machine to add.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Add this machine' }).waitFor();
    const lead = await expectLead(page.locator('main'), system, link);
    await screenshot(page, `71-agent-enroll-${system}`);
    await inDarkMode(page, 'Add this machine', async () => {
      await expectLead(page.locator('main'), system, link);
      await screenshot(page, `72-agent-enroll-${system}-dark`);
    });

    // The download is the file whose SHA-256 the page shows, and the server says so too.
    const shown = (await lead.locator('pre').first().innerText()).trim();
    commands.set(system, (await lead.locator('pre').last().innerText()).trim());
    const href = await lead.getByRole('link', { name: `Download ${LEAD[system].file}` }).getAttribute('href');
    const answer = await context.request.get(href ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['x-checksum-sha256']).toBe(shown);
    const downloadEvent = page.waitForEvent('download');
    await page
      .locator('main')
      .getByRole('article')
      .first()
      .getByRole('link', { name: `Download ${LEAD[system].file}` })
      .click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(LEAD[system].file);
    const path = join(saved, `${system}-${LEAD[system].file}`);
    await download.saveAs(path);
    expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(shown);
  });

  it.each(['linux', 'macos'] as const)(
    'the %s command runs nothing as root when the download was changed, and runs it when it is the file served',
    (system) => {
      const command = commands.get(system) ?? expect.fail('the command was copied above');
      const served = readFileSync(join(saved, `${system}-${LEAD[system].file}`));
      const folder = mkdtempSync(join(tmpdir(), 'loadout-e2e-check-'));
      try {
        // sudo is the one part a test cannot give: a stand-in on PATH notes what would have run as root.
        const bin = join(folder, 'bin');
        mkdirSync(bin);
        const asRoot = join(folder, 'as-root.log');
        writeFileSync(join(bin, 'sudo'), '#!/bin/sh\nprintf "%s\\n" "$*" >> "$AS_ROOT_LOG"\n', { mode: 0o755 });
        const run = () =>
          spawnSync('sh', ['-c', command], {
            cwd: folder,
            env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, AS_ROOT_LOG: asRoot },
            encoding: 'utf8',
          });

        // One byte changed on the way: the same name and size, another file.
        const tampered = Buffer.from(served);
        tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 0xff, tampered.length - 1);
        writeFileSync(join(folder, LEAD[system].file), tampered);
        const refused = run();
        expect(refused.status).not.toBe(0);
        expect(refused.stdout + refused.stderr).toContain('FAILED');
        expect(existsSync(asRoot)).toBe(false);

        writeFileSync(join(folder, LEAD[system].file), served);
        const accepted = run();
        expect(accepted.status, accepted.stderr).toBe(0);
        const ranAsRoot = readFileSync(asRoot, 'utf8');
        expect(ranAsRoot).toContain(system === 'linux' ? `apt install ./${LEAD[system].file}` : `./${LEAD[system].file} install`);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );

  it('shows the token dialog in dark mode', async () => {
    const { page } = pages.get('windows') ?? expect.fail('the Windows browser signed up above');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    const dialog = await generateToken(page);
    await dialog.getByRole('region', { name: 'Download for Windows' }).getByRole('article').first().waitFor();
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('The commands above start with this check', { exact: false }).waitFor();
    await settled(page);
    await screenshot(page, '73-agent-token-dialog-windows-dark');
    await page.evaluate(() => localStorage.removeItem('theme'));
  });

  it('fits a 390 px wide phone: no page-wide scroll, commands wrap inside their boxes', async () => {
    const { page, link } = pages.get('macos') ?? expect.fail('the Mac browser signed up above');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    const region = page.getByRole('region', { name: 'Download for macOS' });
    await region.getByRole('article').first().waitFor();
    await region.getByRole('button', { name: 'More downloads for macOS' }).click();
    await region.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Other ways' }).click();
    await page.getByRole('region', { name: 'The headless agent' }).getByText('loadout-agent.mjs run').waitFor();
    await settled(page);
    await screenshot(page, '74-agent-enroll-macos-390');
    expect(await overflowing(page)).toEqual([]);

    const dialog = await generateToken(page);
    await dialog.getByRole('region', { name: 'Download for macOS' }).getByRole('article').first().waitFor();
    await screenshot(page, '75-agent-token-dialog-macos-390');
    expect(await overflowing(page)).toEqual([]);
  });

  it('says when the server has no build for the system, and offers the headless agent instead', async () => {
    writeManifest(builds.filter((build) => build.platform !== 'windows'));
    const { page, link } = pages.get('windows') ?? expect.fail('the Windows browser signed up above');
    await page.goto(link);
    await see(page, 'No Windows build on this server yet');
    expect(await page.getByRole('link', { name: /^Download loadout-agent/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show other ways' }).click();
    await page.getByRole('region', { name: 'The headless agent' }).getByText('loadout-agent.mjs run').waitFor();
    // No desktop installer on this server either: the desktop client is not offered.
    expect(await page.getByRole('region', { name: 'The desktop client' }).count()).toBe(0);
    await settled(page);
    await screenshot(page, '76-agent-enroll-no-windows-build');
    writeManifest(builds);
  });
});
