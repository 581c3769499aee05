// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Device } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/error-codes';
import type { GenerationSummary } from '@shared/api/generations';

import { devicesResponse, makeDevice, makeGeneration } from '../../test/factories';
import type { MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, mockDevicesServer } from './devices-test-kit';

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const generations: GenerationSummary[] = [
  makeGeneration({
    number: 5,
    kind: 'rollback',
    rolledBackTo: 3,
    createdAt: minutesAgo(5),
    changes: [{ appId: 1, name: 'Firefox', from: '129.0', to: '128.0' }],
    appCount: 3,
  }),
  makeGeneration({
    number: 4,
    kind: 'upgrade',
    createdAt: minutesAgo(3 * 60),
    changes: [
      { appId: 1, name: 'Firefox', from: '128.0', to: '129.0' },
      { appId: 2, name: 'Git', from: '2.39', to: '2.45' },
      { appId: 3, name: 'Curl', from: '7.88', to: '8.1' },
      { appId: 4, name: 'Htop', from: '3.2', to: '3.3' },
      { appId: 5, name: 'Tmux', from: '3.3', to: '3.4' },
    ],
  }),
  makeGeneration({
    number: 3,
    kind: 'install',
    createdAt: minutesAgo(2 * 24 * 60),
    changes: [{ appId: 6, name: 'VLC', from: null, to: '3.0.21' }],
  }),
  makeGeneration({
    number: 2,
    kind: 'uninstall',
    createdAt: minutesAgo(3 * 24 * 60),
    changes: [{ appId: 7, name: 'GIMP', from: '2.10', to: null }],
  }),
];

function serve(routes: MockRoutes, device: Device = box) {
  return mockDevicesServer({
    'GET /api/devices': { status: 200, data: devicesResponse([device]) },
    'GET /api/installations': { status: 200, data: { installations: [] } },
    'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: { checkedAt: null, apps: [] } },
    'GET /api/devices/dev_buildbox0001/followed-lists': { status: 200, data: { lists: [] } },
    ...routes,
  });
}

async function section() {
  return screen.findByRole('region', { name: 'Generations' });
}

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('a machine’s generations, on its page', () => {
  it('lists them newest first, each with its changes in words and when, and a rollback on all but the newest', async () => {
    const api = serve({
      'GET /api/devices/dev_buildbox0001/generations': { status: 200, data: { deviceId: 'dev_buildbox0001', generations } },
    });
    renderApp('/devices/dev_buildbox0001');
    const generationsSection = await section();
    const cards = await within(generationsSection).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Generation 5 · Rolled back to 3',
      'Generation 4 · Updated',
      'Generation 3 · Installed',
      'Generation 2 · Removed',
    ]);
    const [newest, updated, installed, removed] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(within(newest).getByText('Firefox 129.0 → 128.0')).toBeInTheDocument();
    expect(within(newest).getByText('Latest')).toBeInTheDocument();
    expect(within(newest).queryByRole('button', { name: /Roll back/ })).not.toBeInTheDocument();
    const time = within(newest).getByText('5m ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute(
      'title',
      new Date(generations[0]!.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );

    // Three changes, then the count of the rest, which opens them.
    const changes = within(updated).getByRole('list', { name: 'What changed' });
    expect(within(changes).getByText('Firefox 128.0 → 129.0')).toBeInTheDocument();
    expect(within(changes).getByText('Curl 7.88 → 8.1')).toBeInTheDocument();
    expect(within(changes).queryByText('Htop 3.2 → 3.3')).not.toBeInTheDocument();
    fireEvent.click(within(changes).getByRole('button', { name: 'and 2 more' }));
    expect(within(changes).getByText('Htop 3.2 → 3.3')).toBeInTheDocument();
    expect(within(changes).getByText('Tmux 3.3 → 3.4')).toBeInTheDocument();
    expect(within(updated).getByText('3h ago')).toBeInTheDocument();

    expect(within(installed).getByText('VLC added (3.0.21)')).toBeInTheDocument();
    expect(within(installed).getByText('2d ago')).toBeInTheDocument();
    expect(within(removed).getByText('GIMP removed (2.10)')).toBeInTheDocument();

    for (const [card, number] of [
      [updated, 4],
      [installed, 3],
      [removed, 2],
    ] as const) {
      expect(within(card).getByRole('button', { name: `Roll back to this: generation ${number}` })).toHaveTextContent('Roll back to this');
    }
    expect(api.callsTo('GET', '/api/devices/dev_buildbox0001/generations')).toHaveLength(1);
  });

  it('shows a generation’s apps when asked', async () => {
    const api = serve({
      'GET /api/devices/dev_buildbox0001/generations': { status: 200, data: { deviceId: 'dev_buildbox0001', generations } },
      'GET /api/devices/dev_buildbox0001/generations/3': {
        status: 200,
        data: {
          ...generations[2]!,
          appCount: 2,
          apps: [
            { appId: 6, name: 'VLC', manager: 'apt', version: '3.0.21' },
            { appId: 7, name: 'GIMP', manager: 'flatpak', version: null },
          ],
        },
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const cards = await within(await section()).findAllByRole('article');
    const installed = cards[2]!;
    expect(api.callsTo('GET', '/api/devices/dev_buildbox0001/generations/3')).toHaveLength(0);
    fireEvent.click(within(installed).getByRole('button', { name: 'Show its 1 app' }));
    const apps = await within(installed).findByRole('list', { name: 'Apps after generation 3' });
    expect(
      within(apps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['VLC 3.0.21 (apt)', 'GIMP unknown version (Flatpak)']);
  });

  it('says what generations are when the machine has none', async () => {
    serve({ 'GET /api/devices/dev_buildbox0001/generations': { status: 200, data: { deviceId: 'dev_buildbox0001', generations: [] } } });
    renderApp('/devices/dev_buildbox0001');
    const generationsSection = await section();
    expect(
      await within(generationsSection).findByText(
        'No generations yet: each change Loadout makes to this machine records one, so you can go back to it.',
      ),
    ).toBeInTheDocument();
    expect(within(generationsSection).queryByRole('article')).not.toBeInTheDocument();
  });

  it('says where to get it without Annual Premium, instead of the list', async () => {
    serve({
      'GET /api/devices/dev_buildbox0001/generations': {
        status: 403,
        data: {
          code: ErrorCode.PLAN_FEATURE_REQUIRED,
          message: 'Generations and rollback are part of Annual Premium. Upgrade to roll machines back.',
        },
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const generationsSection = await section();
    expect(await within(generationsSection).findByText(/Generations and rollback are part of Annual Premium/)).toBeInTheDocument();
    expect(within(generationsSection).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    expect(within(generationsSection).queryByText(/We could not load/)).not.toBeInTheDocument();
    expect(within(generationsSection).queryByRole('article')).not.toBeInTheDocument();
  });

  it('says when they could not be loaded, and tries again', async () => {
    let broken = true;
    serve({
      'GET /api/devices/dev_buildbox0001/generations': () =>
        broken
          ? { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal error' } }
          : { status: 200, data: { deviceId: 'dev_buildbox0001', generations } },
    });
    renderApp('/devices/dev_buildbox0001');
    expect(await screen.findByText("We could not load this machine's generations.")).toBeInTheDocument();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await section()).findByRole('heading', { name: 'Generation 5 · Rolled back to 3' })).toBeInTheDocument();
  });

  it('is not there for a browser, which has no agent', async () => {
    const browser = makeDevice({
      device_id: 'dev_buildbox0001',
      device_name: 'Ada’s laptop',
      device_type: 'primary',
      registration_method: 'account',
      capabilities: ['web_access'],
    });
    const api = serve(
      { 'GET /api/devices/dev_buildbox0001/generations': { status: 200, data: { deviceId: 'dev_buildbox0001', generations } } },
      browser,
    );
    renderApp('/devices/dev_buildbox0001');
    await screen.findByRole('heading', { level: 1, name: 'Ada’s laptop' });
    expect(await screen.findByRole('region', { name: 'Recent installations' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Generations' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/devices/dev_buildbox0001/generations')).toHaveLength(0);
  });
});
