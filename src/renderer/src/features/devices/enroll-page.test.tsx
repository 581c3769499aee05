// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, getDefaultNormalizer, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { fakeBridge, uninstallBridge } from '../../test/fake-bridge';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const CODE = 'K7QM2-ABCDE-FGHIJ-KLMNO-PQRST-UVWXY';
const SHA256 = 'ab'.repeat(32);
function nativeBuild(platform: 'linux' | 'windows' | 'macos', format: 'exe' | 'deb' | 'msi' | 'tar.gz') {
  return {
    platform,
    arch: 'x64' as const,
    format,
    url: `http://localhost:3000/api/client/agent/${platform}/x64${format === 'exe' ? '' : `?format=${format}`}`,
    sha256: (platform === 'windows' ? 'e1' : 'd2').repeat(32),
    size: 31_917_492,
    signature: 'c2lnbmF0dXJl',
  };
}
const releases = {
  version: '0.1.0',
  publicKey: 'YW4gRWQyNTUxOSBwdWJsaWMga2V5LCAzMiBieXRlcyE=',
  builds: [
    {
      platform: 'any' as const,
      arch: 'any' as const,
      format: 'mjs' as const,
      url: '/api/client/agent',
      sha256: SHA256,
      size: 10,
      signature: 'c2lnbmF0dXJl',
    },
    nativeBuild('linux', 'deb'),
    nativeBuild('linux', 'exe'),
    nativeBuild('windows', 'exe'),
  ],
  desktop: { windows: true, macos: true, linux: true },
};

/** Opens "Other ways" (collapsed at first) and answers the section of the headless agent. */
async function openOtherWays(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Other ways' }));
  return screen.findByRole('region', { name: 'The headless agent' });
}

function setClientHintsPlatform(platform: string | undefined): void {
  Object.defineProperty(navigator, 'userAgentData', { configurable: true, value: platform === undefined ? undefined : { platform } });
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  uninstallBridge();
  setClientHintsPlatform(undefined);
});

describe('/devices/enroll (the registration link)', () => {
  it('leads with the agent for the visitor’s system: the .deb on Linux, its size, SHA-256 and the one command with this link', async () => {
    mockApi({ 'GET /api/client/agent/releases': { status: 200, data: releases } });
    const view = renderApp(`/devices/enroll?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add this machine' })).toBeInTheDocument();
    expect(view.currentPath()).toBe(`/devices/enroll?code=${CODE}`);

    // happy-dom's user agent says Linux: Linux comes first and is chosen.
    const downloads = screen.getByRole('region', { name: 'Download for Linux' });
    const systems = within(downloads).getAllByRole('radio');
    expect(systems.map((radio) => radio.getAttribute('value'))).toEqual(['linux', 'windows', 'macos']);
    expect(within(downloads).getByRole('radio', { name: 'Linux' })).toBeChecked();

    const lead = await within(downloads).findByRole('article', { name: 'Debian or Ubuntu, x64 (.deb)' });
    expect(within(lead).getByRole('link', { name: 'Download loadout-agent-linux-x64.deb' })).toHaveAttribute(
      'href',
      'http://localhost:3000/api/client/agent/linux/x64?format=deb',
    );
    expect(within(lead).getByText('31.9 MB', { exact: false })).toBeInTheDocument();
    expect(within(lead).getByText('d2'.repeat(32))).toBeInTheDocument();
    const link = `${window.location.origin}/devices/enroll?code=${CODE}`;
    // Every command checks the saved file's SHA-256 before it runs anything.
    const check = (file: string) => `echo '${'d2'.repeat(32)}  ${file}' | sha256sum -c -`;
    const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(
      within(lead).getByText(
        `${check('loadout-agent-linux-x64.deb')} && sudo apt install ./loadout-agent-linux-x64.deb && sudo loadout-agent install '${link}'`,
        exact,
      ),
    ).toBeInTheDocument();
    expect(within(lead).getByRole('button', { name: 'Copy the SHA-256 of loadout-agent-linux-x64.deb' })).toBeInTheDocument();

    // The bare program is one more download away; the release key under Verify.
    fireEvent.click(within(downloads).getByRole('button', { name: 'More downloads for Linux' }));
    const bare = await within(downloads).findByRole('article', { name: 'Any Linux, x64 (one program)' });
    expect(
      within(bare).getByText(
        `${check('loadout-agent-linux-x64')} && chmod +x loadout-agent-linux-x64 && sudo ./loadout-agent-linux-x64 install '${link}'`,
        exact,
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(downloads).getByRole('button', { name: 'Verify' }));
    expect(await within(downloads).findByText(releases.publicKey)).toBeVisible();
    expect(within(downloads).getByText(check('loadout-agent-linux-x64.deb'), exact)).toBeInTheDocument();

    // Switching system: Windows' .exe, with the note about SmartScreen.
    fireEvent.click(within(downloads).getByRole('radio', { name: 'Windows' }));
    const windows = screen.getByRole('region', { name: 'Download for Windows' });
    expect(within(windows).getByRole('link', { name: 'Download loadout-agent-windows-x64.exe' })).toBeInTheDocument();
    expect(
      within(windows).getByText(`& "$env:USERPROFILE\\Downloads\\loadout-agent-windows-x64.exe" install '${link}'`, { exact: false }),
    ).toBeInTheDocument();
    expect(within(windows).getByText(/not signed by Microsoft/)).toBeInTheDocument();
  });

  it('says when the server has no build for the chosen system and opens the other ways', async () => {
    mockApi({ 'GET /api/client/agent/releases': { status: 200, data: releases } });
    renderApp(`/devices/enroll?code=${CODE}`);
    const downloads = await screen.findByRole('region', { name: 'Download for Linux' });
    fireEvent.click(within(downloads).getByRole('radio', { name: 'macOS' }));
    expect(await screen.findByText('No macOS build on this server yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Download loadout-agent/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show other ways' }));
    expect(screen.getByRole('button', { name: 'Other ways' })).toHaveAttribute('aria-expanded', 'true');
    expect(await within(await screen.findByRole('region', { name: 'The headless agent' })).findByText(SHA256)).toBeVisible();
  });

  it('takes the system from client hints when the browser has them', async () => {
    setClientHintsPlatform('Windows');
    mockApi({ 'GET /api/client/agent/releases': { status: 200, data: releases } });
    renderApp(`/devices/enroll?code=${CODE}`);
    const downloads = await screen.findByRole('region', { name: 'Download for Windows' });
    expect(within(downloads).getAllByRole('radio')[0]).toHaveAttribute('value', 'windows');
    expect(await within(downloads).findByRole('link', { name: 'Download loadout-agent-windows-x64.exe' })).toBeInTheDocument();
  });

  it('keeps the headless agent and the desktop client under "Other ways", the desktop client only where the server has it', async () => {
    mockApi({
      'GET /api/client/agent/releases': { status: 200, data: { ...releases, desktop: { windows: true, macos: false, linux: true } } },
    });
    renderApp(`/devices/enroll?code=${CODE}`);
    await screen.findByRole('article', { name: 'Debian or Ubuntu, x64 (.deb)' });
    const headless = await openOtherWays();

    // The desktop client needs the server too: its link parser refuses a link without one.
    expect(screen.getByRole('link', { name: 'Open in the desktop client' })).toHaveAttribute(
      'href',
      `loadout://enroll?server=${encodeURIComponent(window.location.origin)}&code=${CODE}`,
    );
    expect(await within(headless).findByText(SHA256)).toBeInTheDocument();
    const commands = Array.from(headless.querySelectorAll('pre'), (block) => block.textContent);
    const origin = window.location.origin;
    const fetchAndCheck = `curl -fsSLo loadout-agent.mjs ${origin}/api/client/agent && echo "${SHA256}  loadout-agent.mjs"`;
    const enroll = `node loadout-agent.mjs enroll "${origin}/devices/enroll?code=${CODE}"`;
    expect(commands).toEqual([
      SHA256,
      `${fetchAndCheck} | sha256sum -c && ${enroll}`,
      `${fetchAndCheck} | shasum -a 256 -c && ${enroll}`,
      expect.stringContaining(`-eq "${SHA256}") { ${enroll} }`),
      'node loadout-agent.mjs run',
      'sudo node loadout-agent.mjs service install',
    ]);
    expect(
      within(headless).getByRole('button', { name: 'Copy: Linux: download the agent, check it and add this machine' }),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Download Desktop Client' }));
    const download = await screen.findByRole('dialog', { name: 'Download Desktop Client' });
    expect(within(download).getByRole('button', { name: 'Download & Install' })).toBeEnabled();
    fireEvent.click(within(download).getByRole('button', { name: 'Close' }));

    // No macOS installer on this server: no desktop client offered for a Mac.
    fireEvent.click(screen.getByRole('radio', { name: 'macOS' }));
    expect(screen.queryByRole('region', { name: 'The desktop client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in the desktop client' })).not.toBeInTheDocument();
  });

  it('offers no download inside the desktop window, which is the client, and adds this computer with the code', async () => {
    const bridge = fakeBridge().install();
    mockApi({});
    renderApp(`/devices/enroll?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add this machine' })).toBeInTheDocument();
    await openOtherWays();
    expect(screen.queryByRole('region', { name: 'The desktop client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Desktop Client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in the desktop client' })).not.toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('region', { name: 'Add this computer' })).getByRole('button', { name: 'Add this computer' }));
    expect(await screen.findByText('This computer was added', { selector: '[role=status] *' })).toBeInTheDocument();
    // Said once: on the page, not in a toast as well.
    expect(screen.getAllByText('This computer was added')).toHaveLength(1);
    expect(bridge.enroll).toHaveBeenCalledWith({ code: CODE });
  });

  it('stays on the page for a signed-in user too', async () => {
    signIn();
    mockApi({});
    const view = renderApp(`/devices/enroll?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add this machine' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Devices' })).toHaveAttribute('href', '/devices');
    expect(view.currentPath()).toBe(`/devices/enroll?code=${CODE}`);
  });

  it('says so when the link has no code', async () => {
    mockApi({});
    renderApp('/devices/enroll');
    expect(await screen.findByText('This link has no registration code')).toBeInTheDocument();
    expect(screen.queryByText(/loadout-agent\.mjs/)).not.toBeInTheDocument();
  });
});
