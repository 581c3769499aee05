import { describe, expect, it } from 'vitest';

import { NOT_ENROLLED, type AgentEvent, type AgentStatus } from '@shared/desktop/bridge';

import type { AgentExit, AgentOptions } from '../agent/agent';
import type { AgentConfig } from '../agent/config-store';
import { ServerRefused, ServerUnreachable, type enrollWithCode } from '../agent/enrolment';
import { silentLogger } from '../agent/log';
import { DesktopAgentHost, type EnrolmentStore, type RunningAgent, type SystemServiceHooks } from './agent-host';
import type { ServiceStatus } from './service-status';

const SERVER = 'http://localhost:3000';

class MemoryStore implements EnrolmentStore {
  config: AgentConfig | null = null;
  canSave = true;
  async load() {
    return this.config;
  }
  async save(config: AgentConfig) {
    this.config = config;
  }
  async clear() {
    this.config = null;
  }
  checkCanSave() {
    if (!this.canSave) throw new Error('This computer offers no keychain');
  }
}

/** Stands in for Agent: runs until the test ends it, records pause and stop. */
class FakeAgent implements RunningAgent {
  calls: string[] = [];
  private end!: (exit: AgentExit) => void;
  private readonly ended = new Promise<AgentExit>((resolve) => (this.end = resolve));
  constructor(readonly options: AgentOptions) {}
  run() {
    return this.ended;
  }
  stop() {
    this.calls.push('stop');
    this.end({ reason: 'stopped' });
  }
  pause() {
    this.calls.push('pause');
  }
  resume() {
    this.calls.push('resume');
  }
  exit(exit: AgentExit) {
    this.end(exit);
  }
}

function setup(enroll?: typeof enrollWithCode, systemService?: SystemServiceHooks) {
  const store = new MemoryStore();
  const agents: FakeAgent[] = [];
  const enrolCalls: string[] = [];
  const host = new DesktopAgentHost({
    store,
    stateDir: '/nonexistent',
    log: silentLogger,
    deviceName: () => 'Desk',
    createAgent: (options) => {
      const agent = new FakeAgent(options);
      agents.push(agent);
      return agent;
    },
    enroll:
      enroll ??
      (async ({ code, deviceId, deviceName }) => {
        enrolCalls.push(code);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { credential: 'secret-credential', device: { device_id: deviceId, device_name: deviceName } as never };
      }),
    systemService,
  });
  return { host, store, agents, enrolCalls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('DesktopAgentHost', () => {
  it('enrols with a code, keeps the credential, and runs the agent with it', async () => {
    const { host, store, agents } = setup();
    const result = await host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' });
    expect(result).toMatchObject({ ok: true, status: { state: 'offline', server: SERVER, deviceName: 'Desk' } });
    expect(store.config).toMatchObject({ server: SERVER, credential: 'secret-credential', deviceName: 'Desk' });
    expect(agents).toHaveLength(1);
    expect(agents[0]!.options.config.credential).toBe('secret-credential');
  });

  it('enrols once when asked twice at the same time (a double click)', async () => {
    const { host, enrolCalls, agents } = setup();
    const [first, second] = await Promise.all([
      host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' }),
      host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' }),
    ]);
    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, code: 'ALREADY_ENROLLED', message: 'This computer is already added as "Desk"' });
    expect(enrolCalls).toHaveLength(1);
    expect(agents).toHaveLength(1);
  });

  it('does not spend the code when the credential could not be kept', async () => {
    const { host, store, enrolCalls } = setup();
    store.canSave = false;
    expect(await host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' })).toEqual({
      ok: false,
      code: null,
      message: 'This computer offers no keychain',
    });
    expect(enrolCalls).toEqual([]);
    expect(host.status.state).toBe('not-enrolled');
  });

  it('passes the server’s refusal on in its words, and an unreachable server too', async () => {
    const refused = setup(async () => {
      throw new ServerRefused(403, 'DEVICE_LIMIT_REACHED', 'Device limit reached for your plan');
    });
    expect(await refused.host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' })).toEqual({
      ok: false,
      code: 'DEVICE_LIMIT_REACHED',
      message: 'Device limit reached for your plan',
    });
    const down = setup(async () => {
      throw new ServerUnreachable(`Could not reach the server at ${SERVER} (ECONNREFUSED)`);
    });
    expect(await down.host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' })).toMatchObject({ ok: false, message: /Could not reach/ });
    expect(down.store.config).toBeNull();
  });

  it('starts the stored enrolment at launch; a damaged store is a problem to show, not a crash', async () => {
    const { host, store, agents } = setup();
    store.config = { server: SERVER, deviceId: 'agent-1', deviceName: 'Desk', credential: 'c' };
    await host.start();
    expect(agents).toHaveLength(1);
    expect(host.status).toMatchObject({ state: 'offline', deviceId: 'agent-1' });

    const broken = setup();
    broken.store.load = () => Promise.reject(new Error('enrolment.json is damaged: enrol this computer again'));
    await broken.host.start();
    expect(broken.host.status).toMatchObject({ state: 'not-enrolled', problem: 'enrolment.json is damaged: enrol this computer again' });
  });

  it('unenrols: stops the agent and forgets the credential', async () => {
    const { host, store, agents } = setup();
    await host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' });
    const status = await host.unenroll();
    expect(status.state).toBe('not-enrolled');
    expect(agents[0]!.calls).toEqual(['stop']);
    expect(store.config).toBeNull();
  });

  it('after a deactivation elsewhere: not enrolled, saying why (the agent forgot the credential)', async () => {
    const { host, agents } = setup();
    await host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' });
    await agents[0]!.options.forgetCredential?.();
    agents[0]!.exit({ reason: 'deactivated', removeClient: false });
    await settle();
    expect(host.status).toMatchObject({ state: 'not-enrolled', problem: expect.stringContaining('deactivated from another location') });
    expect((await host.enroll({ server: SERVER, code: 'K7QM2-FGHIJ' })).ok).toBe(true);
  });

  it('after the server refused the credential: forgets it so the computer can be added again', async () => {
    const { host, store, agents } = setup();
    await host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' });
    agents[0]!.exit({ reason: 'refused', message: 'This device credential is not valid.' });
    await settle();
    expect(store.config).toBeNull();
    expect(host.status.problem).toBe('This device credential is not valid. Add this computer again to receive installations.');
  });

  it('pauses and resumes the running agent, and a new agent starts paused when the person paused', async () => {
    const { host, agents } = setup();
    host.setPaused(true);
    await host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' });
    expect(agents[0]!.calls).toEqual(['pause']);
    expect(host.status.paused).toBe(true);
    host.setPaused(false);
    expect(agents[0]!.calls).toEqual(['pause', 'resume']);
  });
});

/** A system service the test drives: what install received, and the status file it would write. */
function fakeService(enabled = false) {
  const calls: string[] = [];
  let file: ServiceStatus | null = null;
  let now = Date.parse('2026-11-24T10:00:00Z');
  const hooks: SystemServiceHooks = {
    enabled,
    setEnabled: async (value) => {
      calls.push(`enabled ${String(value)}`);
    },
    install: async (config) => {
      calls.push(`install ${config.deviceId} ${config.credential}`);
    },
    uninstall: async () => {
      calls.push('uninstall');
    },
    read: async () => file,
    pollMs: 60_000,
    now: () => now,
  };
  const write = (status: Partial<AgentStatus>, lastFinished: ServiceStatus['lastFinished'] = null) => {
    file = {
      version: 1,
      updatedAt: new Date(now).toISOString(),
      status: { ...NOT_ENROLLED, server: SERVER, deviceId: 'agent-1', deviceName: 'Desk', state: 'online', ...status },
      lastFinished,
    };
  };
  const finished = (jobId: string) =>
    ({ type: 'job.finished', jobId, kind: 'install', total: 1, tally: { succeeded: 1, failed: 0, skipped: 0 } }) as const;
  return { hooks, calls, write, finished, tick: (ms: number) => (now += ms) };
}

describe('DesktopAgentHost with the agent as a system service', () => {
  it('hands the enrolment to the service once, stops its own agent and forgets its copy, then follows the service', async () => {
    const service = fakeService();
    service.hooks.pollMs = 5;
    const { host, store, agents } = setup(undefined, service.hooks);
    await host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' });
    service.write({ state: 'installing', job: { jobId: 'j1', kind: 'install', done: 0, total: 2 } }, service.finished('j0'));
    const events: AgentEvent[] = [];
    host.onEvent((event) => events.push(event));

    expect(await host.moveToService()).toEqual({ ok: true });
    expect(service.calls).toEqual([`install ${agents[0]!.options.config.deviceId} secret-credential`, 'enabled true']);
    expect(agents[0]!.calls).toEqual(['stop']);
    expect(store.config).toBeNull();
    expect(host.runsAsService).toBe(true);
    expect(host.status).toMatchObject({ state: 'installing', job: { total: 2 } });
    // j0 ended before the client followed: not announced again.
    expect(events.filter((event) => event.type === 'job.finished')).toEqual([]);
    // j1 ends while it follows: announced once, however many times the file is read.
    service.write({}, service.finished('j1'));
    await settle();
    await settle();
    expect(events.filter((event) => event.type === 'job.finished').map((event) => event.type === 'job.finished' && event.jobId)).toEqual([
      'j1',
    ]);
    host.setPaused(true);
    expect(host.status.paused).toBe(false);
    await host.stop();
  });

  it('keeps its own agent when the person does not give administrator rights', async () => {
    const service = fakeService();
    service.hooks.install = () => Promise.reject(new Error('Request dismissed'));
    const { host, store, agents } = setup(undefined, service.hooks);
    await host.enroll({ server: SERVER, code: 'K7QM2-ABCDE' });
    expect(await host.moveToService()).toEqual({ ok: false, message: 'Request dismissed' });
    expect(agents[0]!.calls).toEqual([]);
    expect(store.config).not.toBeNull();
    expect(host.runsAsService).toBe(false);
  });

  it('at start follows the service; a stale status reads offline with the reason', async () => {
    const service = fakeService(true);
    service.write({});
    const { host, agents } = setup(undefined, service.hooks);
    await host.start();
    expect(agents).toEqual([]);
    expect(host.status).toMatchObject({ state: 'online', deviceName: 'Desk' });
    // The service stopped writing (not running): after two minutes the client says so.
    service.tick(120_000);
    await host.stop();
    await host.start();
    expect(host.status).toMatchObject({ state: 'offline', problem: 'The Loadout service is not running on this computer.' });
    await host.stop();
  });

  it('unenrols by removing the service (administrator rights again) and leaves service mode', async () => {
    const service = fakeService(true);
    service.write({});
    const { host } = setup(undefined, service.hooks);
    await host.start();
    expect((await host.unenroll()).state).toBe('not-enrolled');
    expect(service.calls).toEqual(['uninstall', 'enabled false']);
    expect(host.runsAsService).toBe(false);
  });

  it('leaves service mode when the service was deactivated from the web', async () => {
    const service = fakeService(true);
    service.write({ state: 'not-enrolled', problem: 'This computer was deactivated from another location.' });
    const { host } = setup(undefined, service.hooks);
    await host.start();
    expect(host.status).toMatchObject({ state: 'not-enrolled', problem: 'This computer was deactivated from another location.' });
    expect(service.calls).toEqual(['enabled false']);
    expect(host.runsAsService).toBe(false);
  });
});
