// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { devicesResponse, makeDevice } from '../../test/factories';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, makeToken, mockDevicesServer, toastMessages } from './devices-test-kit';

const SHA256 = '3f'.repeat(32);
const releases = {
  version: '0.1.0',
  publicKey: 'YW4gRWQyNTUxOSBwdWJsaWMga2V5LCAzMiBieXRlcyE=',
  builds: [
    {
      platform: 'any' as const,
      arch: 'any' as const,
      format: 'mjs' as const,
      url: 'http://localhost/api/client/agent',
      sha256: SHA256,
      size: 1_074_351,
      signature: 'c2lnbmF0dXJl',
    },
  ],
  desktop: { windows: true, macos: true, linux: true },
};

const browser = makeDevice({
  device_id: 'dev_111111111111',
  device_name: 'Chrome on Linux',
  device_type: 'primary',
  is_current: true,
  is_admin: true,
});

async function openDevices(seatLimit: number, seatsUsed: number, routes = {}) {
  const api = mockDevicesServer({
    'GET /api/devices': { status: 200, data: devicesResponse([browser], { seatLimit, seatsUsed }) },
    ...routes,
  });
  renderApp('/devices');
  await screen.findByText('Chrome on Linux');
  return api;
}

async function openGenerate() {
  fireEvent.click(screen.getByRole('button', { name: 'Generate Token' }));
  return screen.findByRole('dialog', { name: 'Generate Registration Token' });
}

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Device Registration Tokens', () => {
  it('lists active tokens with uses and copies or revokes them', async () => {
    const writeText = vi.fn().mockRejectedValueOnce(new Error('denied')).mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = await openDevices(5, 1, {
      'GET /api/tokens': {
        status: 200,
        data: { tokens: [makeToken(), makeToken({ id: 'tok-2', code: 'USED-UP', uses: 2, max_uses: 2 })] },
      },
      'DELETE /api/device-tokens/tok-1': { status: 200, data: { success: true } },
    });
    const row = await screen.findByRole('listitem', { name: 'Token ABCD-1234' });
    expect(within(row).getByText(/Uses 0\/2/)).toBeInTheDocument();
    expect(screen.queryByText('USED-UP')).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Copy registration link' }));
    await waitFor(() => expect(toastMessages()).toContain('Failed to copy registration link'));
    fireEvent.click(within(row).getByRole('button', { name: 'Copy registration link' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('http://localhost/enroll?code=ABCD-1234'));
    fireEvent.click(within(row).getByRole('button', { name: 'Delete token' }));
    await waitFor(() => expect(toastMessages()).toContain('Token revoked'));
    expect(api.callsTo('DELETE', '/api/device-tokens/tok-1')).toHaveLength(1);
  });

  it('remembers that the note was dismissed', async () => {
    await openDevices(5, 1);
    expect(screen.getByText('How registration tokens work')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss note' }));
    expect(screen.queryByText('How registration tokens work')).not.toBeInTheDocument();
    expect(localStorage.getItem('tokenNoteDismissed')).toBe('true');
  });

  it('validates Max Uses against the free seats', async () => {
    await openDevices(3, 1);
    const dialog = await openGenerate();
    const field = within(dialog).getByRole('textbox', { name: /Max Uses/ });
    fireEvent.change(field, { target: { value: '0' } });
    expect(await within(dialog).findByText('Max uses must be at least 1')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '3' } });
    expect(await within(dialog).findByText('Max uses cannot exceed available seats (2)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('refuses to generate with no free seat', async () => {
    await openDevices(2, 2);
    const dialog = await openGenerate();
    expect(within(dialog).getByText('No available seats for new devices')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it.each([
    [429, ErrorCode.TOKEN_RATE_LIMIT, 'Try again in 5 minutes', 'Rate limit exceeded: Try again in 5 minutes'],
    [429, ErrorCode.RATE_LIMITED, 'x', 'Rate limit exceeded. Please wait before generating another token.'],
    [403, ErrorCode.FORBIDDEN, 'x', 'You do not have permission to generate tokens'],
    [400, ErrorCode.VALIDATION_ERROR, 'Max uses cannot exceed available seats (2)', 'Max uses cannot exceed available seats (2)'],
    [500, ErrorCode.INTERNAL_ERROR, 'x', 'Failed to generate token. Please try again.'],
  ])('a %i %s answer shows the product’s text', async (status, code, message, expected) => {
    await openDevices(3, 1, { 'POST /api/device-tokens': { status, data: { code, message } } });
    const dialog = await openGenerate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(toastMessages()).toContain(expected));
  });

  it('shows the SHA-256 of the agent and commands that run it only once the download matches it', async () => {
    await openDevices(3, 1, {
      'POST /api/device-tokens': { status: 201, data: { token: makeToken() } },
      'GET /api/client/agent/releases': { status: 200, data: releases },
    });
    fireEvent.click(within(await openGenerate()).getByRole('button', { name: 'Generate' }));
    const result = await screen.findByRole('dialog', { name: 'Registration Token Generated' });
    fireEvent.click(within(result).getByRole('button', { name: 'Other ways' }));
    const headless = within(await within(result).findByRole('region', { name: 'The headless agent' }));
    expect(await headless.findByText(SHA256)).toBeInTheDocument();
    expect(headless.getByRole('button', { name: 'Copy: SHA-256 of loadout-agent.mjs' })).toBeInTheDocument();

    const agent = 'http://localhost/api/client/agent';
    const enroll = 'node loadout-agent.mjs enroll "http://localhost/enroll?code=ABCD-1234"';
    const linux = headless.getByText(/sha256sum -c/).textContent;
    expect(linux).toBe(`curl -fsSLo loadout-agent.mjs ${agent} && echo "${SHA256}  loadout-agent.mjs" | sha256sum -c && ${enroll}`);
    const macos = headless.getByText(/shasum -a 256 -c/).textContent;
    expect(macos).toBe(`curl -fsSLo loadout-agent.mjs ${agent} && echo "${SHA256}  loadout-agent.mjs" | shasum -a 256 -c && ${enroll}`);
    const windows = headless.getByText(/Get-FileHash/).textContent ?? '';
    expect(windows).toContain(
      `curl.exe -fsSLo loadout-agent.mjs ${agent}; if ((Get-FileHash loadout-agent.mjs -Algorithm SHA256).Hash -eq "${SHA256}") { ${enroll} }`,
    );
    // The check comes before the agent runs, in each.
    for (const command of [linux ?? '', macos ?? '', windows]) {
      expect(command.indexOf(SHA256)).toBeGreaterThan(0);
      expect(command.indexOf(SHA256)).toBeLessThan(command.indexOf('node loadout-agent.mjs'));
    }
    for (const os of ['Linux', 'macOS', 'Windows (PowerShell)']) {
      expect(headless.getByRole('button', { name: `Copy: ${os}: download the agent, check it and add this machine` })).toBeInTheDocument();
    }
  });

  it('leads the new token with the native agent for this system, its command carrying the token’s registration link', async () => {
    const deb = {
      platform: 'linux' as const,
      arch: 'x64' as const,
      format: 'deb' as const,
      url: 'http://localhost/api/client/agent/linux/x64?format=deb',
      sha256: '5e'.repeat(32),
      size: 31_917_492,
      signature: 'c2lnbmF0dXJl',
    };
    await openDevices(3, 1, {
      'POST /api/device-tokens': { status: 201, data: { token: makeToken() } },
      'GET /api/client/agent/releases': { status: 200, data: { ...releases, builds: [...releases.builds, deb] } },
    });
    fireEvent.click(within(await openGenerate()).getByRole('button', { name: 'Generate' }));
    const result = within(await screen.findByRole('dialog', { name: 'Registration Token Generated' }));
    const downloads = within(result.getByRole('region', { name: 'Download for Linux' }));
    expect(await downloads.findByRole('link', { name: 'Download loadout-agent-linux-x64.deb' })).toHaveAttribute('href', deb.url);
    expect(downloads.getByText('5e'.repeat(32))).toBeInTheDocument();
    expect(
      downloads.getByText(
        `echo '${'5e'.repeat(32)}  loadout-agent-linux-x64.deb' | sha256sum -c - && ` +
          "sudo apt install ./loadout-agent-linux-x64.deb && sudo loadout-agent install 'http://localhost/enroll?code=ABCD-1234'",
        { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) },
      ),
    ).toBeInTheDocument();
    // Windows has no build here: said so, with the way that works instead.
    fireEvent.click(downloads.getByRole('radio', { name: 'Windows' }));
    expect(await result.findByText('No Windows build on this server yet')).toBeInTheDocument();
    fireEvent.click(result.getByRole('button', { name: 'Show other ways' }));
    expect(await result.findByRole('region', { name: 'The headless agent' })).toBeVisible();
  });

  it('offers no download command when the server has no agent build to check against', async () => {
    await openDevices(3, 1, {
      'POST /api/device-tokens': { status: 201, data: { token: makeToken() } },
      'GET /api/client/agent/releases': { status: 200, data: { ...releases, builds: [] } },
    });
    fireEvent.click(within(await openGenerate()).getByRole('button', { name: 'Generate' }));
    const result = within(await screen.findByRole('dialog', { name: 'Registration Token Generated' }));
    expect(await result.findByText('The headless agent is not available on this server yet.')).toBeInTheDocument();
    expect(result.queryByText(/curl/)).not.toBeInTheDocument();
  });

  it('after generating, refetches the device list every 30 s, ten times', async () => {
    const api = await openDevices(3, 1, {
      'POST /api/device-tokens': { status: 201, data: { token: makeToken() } },
      'GET /api/client/agent/releases': { status: 200, data: releases },
    });
    const dialog = await openGenerate();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/device-tokens')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/device-tokens')[0]?.body).toEqual({ maxUses: 1 });
    // The result: the code and the headless agent's commands with this token's link.
    const result = await screen.findByRole('dialog', { name: 'Registration Token Generated' });
    expect(within(result).getByText('ABCD-1234')).toBeInTheDocument();
    fireEvent.click(within(result).getByRole('button', { name: 'Other ways' }));
    expect(await within(result).findAllByText(/node loadout-agent\.mjs enroll "http:\/\/localhost\/enroll\?code=ABCD-1234"/)).toHaveLength(
      3,
    );
    fireEvent.click(within(result).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registration Token Generated' })).not.toBeInTheDocument());
    const before = api.callsTo('GET', '/api/devices').length;
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.callsTo('GET', '/api/devices')).toHaveLength(before);
    for (let run = 1; run <= 10; run++) {
      await vi.advanceTimersByTimeAsync(run === 1 ? 1_000 : 30_000);
      await waitFor(() => expect(api.callsTo('GET', '/api/devices')).toHaveLength(before + run));
    }
    await vi.advanceTimersByTimeAsync(90_000);
    expect(api.callsTo('GET', '/api/devices')).toHaveLength(before + 10);
  });

  it("shows an active token's instructions again from the list, without generating another", async () => {
    const api = await openDevices(3, 1, {
      'GET /api/tokens': { status: 200, data: { tokens: [makeToken()] } },
      'GET /api/client/agent/releases': { status: 200, data: releases },
    });
    const row = await screen.findByRole('listitem', { name: 'Token ABCD-1234' });
    fireEvent.click(within(row).getByRole('button', { name: 'How to add a machine' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registration token ABCD-1234' }));
    expect(await dialog.findByRole('region', { name: /^Download for / })).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Other ways' }));
    expect(
      (await dialog.findAllByText(/node loadout-agent.mjs enroll "http:\/\/localhost\/enroll\?code=ABCD-1234"/)).length,
    ).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/device-tokens')).toHaveLength(0);
  });

  it('says when the machine joins while the instructions are open, and links to it', async () => {
    const token = makeToken();
    let machines = [browser];
    const machine = makeDevice({ device_id: 'dev_222222222222', device_name: 'build-01', created_at: new Date().toISOString() });
    await openDevices(3, 1, {
      'GET /api/devices': () => ({ status: 200, data: devicesResponse(machines, { seatLimit: 3, seatsUsed: machines.length }) }),
      'POST /api/device-tokens': { status: 201, data: { token } },
      'GET /api/client/agent/releases': { status: 200, data: releases },
    });
    fireEvent.click(within(await openGenerate()).getByRole('button', { name: 'Generate' }));
    const result = within(await screen.findByRole('dialog', { name: 'Registration Token Generated' }));
    expect(result.queryByText(/is connected/)).toBeNull();

    // The machine enrols; its agent is not connected yet.
    machines = [browser, { ...machine, connection_status: 'offline' }];
    fireEvent.focus(window);
    expect(await result.findByText('build-01 is added')).toBeInTheDocument();
    // Then its agent connects: the event stream refetches the list.
    machines = [browser, machine];
    fireEvent.focus(window);
    expect(await result.findByText('build-01 is connected')).toBeInTheDocument();
    expect(result.getByRole('link', { name: 'Open build-01' })).toHaveAttribute('href', '/devices/dev_222222222222');
  });
});
