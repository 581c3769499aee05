import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Device } from '@shared/api/devices';

import { EXIT, main } from './commands';
import { ConfigStore } from './config-store';

const SERVER = 'http://10.0.0.5:3000';

const device: Device = {
  device_id: 'agent-1234',
  deviceId: 'agent-1234',
  device_name: 'Build box',
  deviceName: 'Build box',
  platform: 'linux',
  device_type: 'remote',
  registration_method: 'token',
  capabilities: ['receive_installations'],
  is_active: true,
  is_current: false,
  is_admin: false,
  last_active: null,
  lastActive: null,
  created_at: '2026-01-01T00:00:00.000Z',
  connection_status: 'offline',
  minutes_since_active: null,
  location: null,
  protected_until: null,
  isInCooldown: false,
  cooldown_remaining_minutes: 0,
  arch: 'x64',
  agent_version: '0.1.0',
};

/** The server at the network edge: what it was asked, and Loadout's answers. */
function fakeServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const body = url.endsWith('/api/devices/enroll') ? { credential: 'secret-credential', device } : device;
      return new Response(JSON.stringify(body), { status: url.endsWith('/enroll') ? 201 : 200 });
    }),
  );
  return calls;
}

describe('the agent over plain http:// to another machine', () => {
  let dir: string;
  let stderr: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-commands-'));
    stderr = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await rm(dir, { recursive: true, force: true });
  });

  it('is refused at enrolment unless --insecure-http is given; then the choice is kept and status and run work', async () => {
    const calls = fakeServer();
    const refused = await main(['enroll', '--server', SERVER, '--code', 'ABCD', '--config-dir', dir]);
    expect(refused).toBe(EXIT.usage);
    expect(stderr).toContain('--insecure-http');
    expect(calls).toEqual([]);

    expect(await main(['enroll', '--server', SERVER, '--code', 'ABCD', '--config-dir', dir, '--insecure-http'])).toBe(EXIT.ok);
    expect(JSON.parse(await readFile(join(dir, 'agent.json'), 'utf8'))).toMatchObject({ server: SERVER, insecureHttp: true });
    expect(await main(['status', '--config-dir', dir])).toBe(EXIT.ok);
    expect(calls).toEqual([`${SERVER}/api/devices/enroll`, `${SERVER}/api/agent/me`]);
  });

  it('refuses an enrolment that did not accept it before the credential is sent, and still lets it be forgotten', async () => {
    const calls = fakeServer();
    await new ConfigStore(dir).save({ server: SERVER, deviceId: 'agent-1234', deviceName: 'Build box', credential: 'secret-credential' });
    for (const command of ['run', 'status']) {
      stderr = '';
      expect(await main([command, '--config-dir', dir]), command).toBe(EXIT.usage);
      expect(stderr, command).toMatch(/http:\/\/10\.0\.0\.5:3000 is plain http:\/\/.*--insecure-http/);
    }
    expect(calls).toEqual([]);
    expect(await main(['unenroll', '--config-dir', dir])).toBe(EXIT.ok);
  });

  it('talks to a server on this machine over http:// without asking', async () => {
    const calls = fakeServer();
    await new ConfigStore(dir).save({ server: 'http://127.0.0.1:3000', deviceId: 'agent-1', deviceName: 'Box', credential: 'c' });
    expect(await main(['status', '--config-dir', dir])).toBe(EXIT.ok);
    expect(calls).toEqual(['http://127.0.0.1:3000/api/agent/me']);
  });
});
