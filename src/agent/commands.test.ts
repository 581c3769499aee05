import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { EXIT, main } from './commands';
import { ConfigStore } from './config-store';
import { acquireInstanceLock } from './instance-lock';
import { enrolledDevice } from './testing/enrolled-device';

const SERVER = 'http://10.0.0.5:3000';

const device = enrolledDevice;

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
    // Unenrolling sends the credential too: refused the same way, and --force forgets it here only.
    stderr = '';
    expect(await main(['unenroll', '--config-dir', dir])).toBe(EXIT.usage);
    expect(stderr).toContain('--insecure-http');
    expect(await new ConfigStore(dir).load()).not.toBeNull();
    expect(await main(['unenroll', '--config-dir', dir, '--force'])).toBe(EXIT.ok);
    expect(calls).toEqual([]);
    expect(await new ConfigStore(dir).load()).toBeNull();
  });

  it('talks to a server on this machine over http:// without asking', async () => {
    const calls = fakeServer();
    await new ConfigStore(dir).save({ server: 'http://127.0.0.1:3000', deviceId: 'agent-1', deviceName: 'Box', credential: 'c' });
    expect(await main(['status', '--config-dir', dir])).toBe(EXIT.ok);
    expect(calls).toEqual(['http://127.0.0.1:3000/api/agent/me']);
  });
});

describe('unenroll', () => {
  const LOCAL = 'http://127.0.0.1:3000';
  let dir: string;
  let stdout: string;
  let stderr: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-unenroll-'));
    stdout = '';
    stderr = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
    await new ConfigStore(dir).save({ server: LOCAL, deviceId: 'agent-1234', deviceName: 'Build box', credential: 'secret-credential' });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await rm(dir, { recursive: true, force: true });
  });

  /** The server's answer to POST /api/agent/unenroll, and what it was sent. */
  function server(answer: () => Response) {
    const sent: { url: string; method: string | undefined; authorization: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        sent.push({ url, method: init.method, authorization: new Headers(init.headers).get('authorization') });
        return answer();
      }),
    );
    return sent;
  }
  const stored = () => new ConfigStore(dir).load();

  it('deactivates the machine on the server with its credential, then forgets it here', async () => {
    const sent = server(() => new Response(JSON.stringify({ success: true, deviceId: 'agent-1234' }), { status: 200 }));
    expect(await main(['unenroll', '--config-dir', dir])).toBe(EXIT.ok);
    expect(sent).toEqual([{ url: `${LOCAL}/api/agent/unenroll`, method: 'POST', authorization: 'Bearer secret-credential' }]);
    expect(await stored()).toBeNull();
    expect(stdout).toContain('"Build box" is deactivated on http://127.0.0.1:3000; its credential no longer works.');
  });

  it('forgets a machine the server already refuses (deactivated, or the account is gone)', async () => {
    server(() => new Response(JSON.stringify({ code: 'DEVICE_DEACTIVATED_REMOTELY', message: 'deactivated' }), { status: 401 }));
    expect(await main(['unenroll', '--config-dir', dir])).toBe(EXIT.ok);
    expect(await stored()).toBeNull();
  });

  it('keeps everything when the server cannot be told, and says how to forget it anyway', async () => {
    server(() => {
      throw new TypeError('fetch failed');
    });
    expect(await main(['unenroll', '--config-dir', dir])).toBe(EXIT.unreachable);
    expect(await stored()).not.toBeNull();
    expect(stderr).toContain('Could not reach the server at http://127.0.0.1:3000');
    expect(stderr).toContain('Nothing was forgotten');
    expect(stderr).toContain('--force');

    server(() => new Response(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Something went wrong' }), { status: 500 }));
    expect(await main(['unenroll', '--config-dir', dir])).toBe(EXIT.failed);
    expect(await stored()).not.toBeNull();
  });

  it('with --force forgets it here anyway and says the server still lists the machine', async () => {
    server(() => {
      throw new TypeError('fetch failed');
    });
    expect(await main(['unenroll', '--config-dir', dir, '--force'])).toBe(EXIT.ok);
    expect(await stored()).toBeNull();
    expect(stdout).toContain('here only');
    expect(stdout).toContain('stays in your account');
  });
});

describe('one agent per enrolment', () => {
  let dir: string;
  let stdout: string;
  let stderr: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-one-'));
    stdout = '';
    stderr = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
    await new ConfigStore(dir).save({ server: 'http://127.0.0.1:3000', deviceId: 'agent-1', deviceName: 'Box', credential: 'c' });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses to run a second agent on a folder a running one holds, with its own exit code', async () => {
    const calls = fakeServer();
    const lock = await acquireInstanceLock(dir);
    expect(await main(['run', '--config-dir', dir])).toBe(EXIT.alreadyRunning);
    expect(stderr).toContain(
      `Another Loadout agent (process ${process.pid}) is already running with this enrolment in ${dir}; stop it first`,
    );
    expect(calls).toEqual([]);

    expect(await main(['status', '--config-dir', dir])).toBe(EXIT.ok);
    expect(stdout).toContain(`Agent:       running (process ${process.pid}`);
    stdout = '';
    await lock.waiting(new Date(Date.now() + 12 * 60_000));
    expect(await main(['status', '--config-dir', dir])).toBe(EXIT.ok);
    expect(stdout).toContain('another agent with this enrolment connected; it tries again in 12 minutes');
    stdout = '';
    await lock.release();
    expect(await main(['status', '--config-dir', dir])).toBe(EXIT.ok);
    expect(stdout).toContain('Agent:       not running with this enrolment here');
  });
});
