// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { AgentBuild, AgentReleasesResponse } from '@shared/api/client';

import { mockApi } from '../../test/mock-api';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { BUILD_POLL_MS } from './missing-agent-build';

const CODE = 'K7QM2-ABCDE-FGHIJ-KLMNO-PQRST-UVWXY';
const script = {
  platform: 'any' as const,
  arch: 'any' as const,
  format: 'mjs' as const,
  url: '/api/client/agent',
  sha256: 'ab'.repeat(32),
  size: 10,
  signature: 'c2lnbmF0dXJl',
};
const deb = {
  platform: 'linux' as const,
  arch: 'x64' as const,
  format: 'deb' as const,
  url: 'http://localhost:3000/api/client/agent/linux/x64?format=deb',
  sha256: 'd2'.repeat(32),
  size: 31_917_492,
  signature: 'c2lnbmF0dXJl',
};
/** What a fresh `npm start` answers: only the headless agent, and maybe the Linux build under way. */
function releases(nativeBuild?: AgentReleasesResponse['nativeBuild'], builds: AgentBuild[] = [script]): AgentReleasesResponse {
  return {
    version: '0.1.0',
    publicKey: 'YW4gRWQyNTUxOSBwdWJsaWMga2V5LCAzMiBieXRlcyE=',
    builds,
    desktop: { windows: false, macos: false, linux: false },
    ...(nativeBuild ? { nativeBuild } : {}),
  };
}
const building = { state: 'building' as const, builds: [{ platform: 'linux' as const, arch: 'x64' as const }], startedWithServer: true };
const admin = { ...testUser, isAdmin: true };

/** The registration link's page, whose downloads are the dialog's; happy-dom says Linux, so Linux is chosen. */
async function linuxDownloads() {
  renderApp(`/devices/enroll?code=${CODE}`);
  return within(await screen.findByRole('region', { name: 'Download for Linux' }));
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('a system the server has no native agent for', () => {
  it('tells an administrator the command that adds it', async () => {
    signIn(admin);
    mockApi({ 'GET /api/client/agent/releases': { status: 200, data: releases() } });
    const downloads = await linuxDownloads();
    expect(await downloads.findByText('No Linux build on this server yet')).toBeInTheDocument();
    expect(downloads.getByText(/An administrator adds it by running/)).toBeInTheDocument();
    expect(downloads.getByText('npm run build:agent-native -- --targets linux-x64')).toBeInTheDocument();
  });

  it('tells anyone else only what works now', async () => {
    signIn(testUser);
    mockApi({ 'GET /api/client/agent/releases': { status: 200, data: releases() } });
    const downloads = await linuxDownloads();
    expect(await downloads.findByText('No Linux build on this server yet')).toBeInTheDocument();
    expect(downloads.getByText(/Choose another system above, or use the headless agent/)).toBeInTheDocument();
    expect(downloads.queryByText(/npm run/)).not.toBeInTheDocument();
  });

  it('says the build npm start began is on its way, then offers it without reopening', async () => {
    signIn(admin);
    let asked = 0;
    mockApi({
      'GET /api/client/agent/releases': () => {
        asked += 1;
        return { status: 200, data: asked === 1 ? releases(building) : releases(undefined, [script, deb]) };
      },
    });
    const downloads = await linuxDownloads();
    expect(await downloads.findByText('Building the Linux agent…')).toBeInTheDocument();
    expect(downloads.getByText(/^Started with the server: it appears here when it is ready/)).toBeInTheDocument();
    expect(downloads.queryByText('No Linux build on this server yet')).not.toBeInTheDocument();
    // Asked again while building: the .deb appears in place of the note.
    expect(
      await downloads.findByRole('link', { name: 'Download loadout-agent-linux-x64.deb' }, { timeout: BUILD_POLL_MS * 3 }),
    ).toBeInTheDocument();
    expect(downloads.queryByText('Building the Linux agent…')).not.toBeInTheDocument();
  }, 30_000);

  it('tells an administrator that the last build failed, and how to try again', async () => {
    signIn(admin);
    mockApi({ 'GET /api/client/agent/releases': { status: 200, data: releases({ ...building, state: 'failed' }) } });
    const downloads = await linuxDownloads();
    expect(await downloads.findByText('No Linux build on this server yet')).toBeInTheDocument();
    expect(downloads.getByText(/The last build of it failed; the server’s console says why/)).toBeInTheDocument();
    expect(downloads.getByText('npm run build:agent-native -- --targets linux-x64')).toBeInTheDocument();
  });

  it('shows a build under way to anyone, without the command', async () => {
    signIn(testUser);
    mockApi({ 'GET /api/client/agent/releases': { status: 200, data: releases(building) } });
    const downloads = await linuxDownloads();
    expect(await downloads.findByText('Building the Linux agent…')).toBeInTheDocument();
    expect(downloads.getByText('It appears here when it is ready, usually within a minute.')).toBeInTheDocument();
    expect(downloads.queryByText(/npm run|Started with/)).not.toBeInTheDocument();
  });
});
