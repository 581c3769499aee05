// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { makeInstallation, makeInstallationItem, makeInstallationTarget, summaryOf } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('/installations', () => {
  it('tells a new user how to start', async () => {
    mockApi({ 'GET /api/installations': { status: 200, data: { installations: [] } } });
    renderApp('/installations');
    expect(await screen.findByText('No installations yet')).toBeInTheDocument();
    expect(
      screen.getByText(/Install a list from the Lists screen onto a machine you enrolled with a registration token/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Lists' })).toHaveAttribute('href', '/app-list');
    expect(screen.getByRole('link', { name: 'Add a machine' })).toHaveAttribute('href', '/devices');
  });

  it('lists installations with their status in words, list name, devices and counts', async () => {
    const failed = makeInstallation({
      id: 'inst-2',
      status: 'failed',
      listName: 'Terminal toys',
      finishedAt: '2026-01-02T00:05:00.000Z',
      targets: [
        makeInstallationTarget({
          deviceId: 'dev_build00000001',
          deviceName: 'Build box',
          status: 'done',
          items: [
            makeInstallationItem({ itemId: 'a', appId: 1, status: 'succeeded' }),
            makeInstallationItem({ itemId: 'b', appId: 2, status: 'failed' }),
            makeInstallationItem({ itemId: 'c', appId: 3, status: 'skipped' }),
          ],
        }),
      ],
    });
    mockApi({ 'GET /api/installations': { status: 200, data: { installations: [summaryOf(failed)] } } });
    renderApp('/installations');
    const list = await screen.findByRole('list', { name: 'Installations' });
    const row = within(list).getByRole('link', { name: /^Failed\s*Terminal toys/ });
    expect(row).toHaveAttribute('href', '/installations/inst-2');
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('Build box · 1 installed · 1 failed · 1 skipped')).toBeInTheDocument();
  });
});
