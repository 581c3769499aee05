// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { fakeBridge, uninstallBridge } from '../../test/fake-bridge';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const CODE = 'K7QM2-ABCDE-FGHIJ-KLMNO-PQRST-UVWXY';
const SHA256 = 'ab'.repeat(32);
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
  ],
  desktop: { windows: true, macos: true, linux: true },
};

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  uninstallBridge();
});

describe('/devices/enroll (the registration link)', () => {
  it('works signed out: open in the desktop client, download it, or copy the agent commands with this code', async () => {
    mockApi({ 'GET /api/client/agent/releases': { status: 200, data: releases } });
    const view = renderApp(`/devices/enroll?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add this machine' })).toBeInTheDocument();
    expect(view.currentPath()).toBe(`/devices/enroll?code=${CODE}`);

    // The desktop client needs the server too: its link parser refuses a link without one.
    expect(screen.getByRole('link', { name: 'Open in the desktop client' })).toHaveAttribute(
      'href',
      `loadout://enroll?server=${encodeURIComponent(window.location.origin)}&code=${CODE}`,
    );

    const headless = screen.getByRole('region', { name: 'A machine without a desktop' });
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
  });

  it('offers no download inside the desktop window, which is the client, and adds this computer with the code', async () => {
    const bridge = fakeBridge().install();
    mockApi({});
    renderApp(`/devices/enroll?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add this machine' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'A machine without a desktop' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Install the desktop client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Desktop Client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in the desktop client' })).not.toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('region', { name: 'Add this computer' })).getByRole('button', { name: 'Add this computer' }));
    expect(await screen.findByText('This computer was added', { selector: '[role=status] *' })).toBeInTheDocument();
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
