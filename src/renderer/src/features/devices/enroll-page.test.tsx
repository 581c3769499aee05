// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const CODE = 'K7QM2-ABCDE-FGHIJ-KLMNO-PQRST-UVWXY';

beforeEach(() => {
  localStorage.clear();
});
afterEach(cleanup);

describe('/devices/enroll (the registration link)', () => {
  it('works signed out: open in the desktop client, download it, or copy the agent commands with this code', async () => {
    mockApi({});
    const view = renderApp(`/devices/enroll?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add this machine' })).toBeInTheDocument();
    expect(view.currentPath()).toBe(`/devices/enroll?code=${CODE}`);

    expect(screen.getByRole('link', { name: 'Open in the desktop client' })).toHaveAttribute('href', `loadout://enroll?code=${CODE}`);

    const headless = screen.getByRole('region', { name: 'A machine without a desktop' });
    const commands = within(headless)
      .getAllByText(/loadout-agent\.mjs/)
      .map((element) => element.textContent);
    const origin = window.location.origin;
    expect(commands).toEqual([
      `curl -fsSLo loadout-agent.mjs ${origin}/api/client/agent && node loadout-agent.mjs enroll "${origin}/devices/enroll?code=${CODE}"`,
      'node loadout-agent.mjs run',
      'sudo node loadout-agent.mjs service install',
    ]);
    expect(within(headless).getByRole('button', { name: 'Copy: Download the agent and add this machine' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Download Desktop Client' }));
    const download = await screen.findByRole('dialog', { name: 'Download Desktop Client' });
    expect(within(download).getByRole('button', { name: 'Download & Install' })).toBeEnabled();
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
