import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AgentMessage } from '@shared/agent/protocol';
import type { DeviceSearch } from '@shared/api/device-searches';
import { SEARCH_QUERY_MESSAGE } from '@shared/machine-search';

import { AptInstaller } from '../../src/agent/installers/apt';
import { MachineSearch } from '../../src/agent/search/machine-search';
import { scriptedRun, testDeps } from '../fixtures/pm-output/fake-run';
import { block } from '../fixtures/pm-output/read-fixture';
import { eventually, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let url: string;

/** A user with one connected machine that has apt and snap. */
async function world() {
  const owner = await adminBrowser(t);
  await setPlan(t, owner.user.user.id, 'premium');
  const machine = await enrollMachine(t, owner);
  const agent = await ProtocolAgent.connect(url, machine.credential, ['apt', 'snap']);
  const searches = {
    start: (query: unknown, deviceId = machine.deviceId, token = owner.token) =>
      t.api.post<DeviceSearch & ApiError>(`/api/devices/${deviceId}/searches`, { query }, token),
    get: (searchId: string, deviceId = machine.deviceId, token = owner.token) =>
      t.api.get<DeviceSearch & ApiError>(`/api/devices/${deviceId}/searches/${searchId}`, token),
  };
  return { owner, machine, agent, searches };
}

const ZSTD = { id: 'zstd', name: 'zstd', description: 'fast lossless compression algorithm -- CLI tool' };

function results(
  agent: ProtocolAgent,
  searchId: string,
  manager: 'apt' | 'snap',
  found: Partial<Extract<AgentMessage, { type: 'search.results' }>> = {},
) {
  agent.send({ type: 'search.results', searchId, manager, results: [ZSTD], truncated: false, ...found });
}

describe('searching a machine through its agent', () => {
  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("asks the machine's agent, keeps each manager's answer as it comes, and says when it is done", async () => {
    const { agent, searches } = await world();
    const started = await searches.start('zstd');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      query: 'zstd',
      status: 'searching',
      managers: [
        { manager: 'apt', status: 'searching', results: [] },
        { manager: 'snap', status: 'searching', results: [] },
      ],
    });
    const asked = await agent.next('search.request');
    expect(asked).toEqual({ type: 'search.request', searchId: started.body.searchId, query: 'zstd' });

    results(agent, asked.searchId, 'apt', { truncated: true });
    const partly = await eventually(
      () => searches.get(asked.searchId),
      (res) => res.body.managers[0]?.status === 'done',
      'apt answered',
    );
    expect(partly.body).toMatchObject({
      status: 'searching',
      managers: [
        { manager: 'apt', status: 'done', results: [ZSTD], truncated: true, error: null },
        { manager: 'snap', status: 'searching' },
      ],
    });
    results(agent, asked.searchId, 'snap', { results: [], error: 'snap did not finish searching within 20 s' });
    // A second answer of the same manager changes nothing.
    results(agent, asked.searchId, 'apt', { results: [{ id: 'other', name: 'other' }] });
    agent.send({ type: 'search.done', searchId: asked.searchId });
    const done = await eventually(
      () => searches.get(asked.searchId),
      (res) => res.body.status === 'done',
      'search done',
    );
    expect(done.body.managers).toEqual([
      { manager: 'apt', status: 'done', results: [ZSTD], truncated: true, error: null },
      { manager: 'snap', status: 'done', results: [], truncated: false, error: 'snap did not finish searching within 20 s' },
    ]);
    await agent.close();
  });

  it("runs the agent's own search code: apt-cache's answer, read and checked by the agent, reaches the person", async () => {
    const { agent, searches } = await world();
    const scripted = scriptedRun(() => ({ stdout: block('apt-cache-search.txt', '# ---- stdout ----') }));
    const apt = new AptInstaller(testDeps(scripted.run));
    const search = new MachineSearch({
      installers: new Map([['apt', apt]]),
      send: (message) => agent.send(message),
      log: { warn: () => undefined },
    });
    const started = await searches.start('zstd');
    await search.start(await agent.next('search.request'));
    expect(scripted.commandLines()).toEqual(['apt-cache search -- zstd']);
    const done = await eventually(
      () => searches.get(started.body.searchId),
      (res) => res.body.status === 'done',
      'search done',
    );
    const [aptAnswer, snapAnswer] = done.body.managers;
    expect(aptAnswer!.results[0]).toEqual(ZSTD);
    expect(aptAnswer!.results).toHaveLength(18);
    // The machine named snap in its hello but this agent searched only apt.
    expect(snapAnswer).toEqual({ manager: 'snap', status: 'unanswered', results: [], truncated: false, error: null });
    await agent.close();
  });

  it('refuses every query that could be read as an option, a pattern or shell with 400 and a message, before the agent hears of it', async () => {
    const { agent, searches } = await world();
    const queries: unknown[] = ['--option', '-o x', '$(reboot)', 'a;b', 'a\nb', 'x', 'a/b', '.*', 'a`id`', 'a'.repeat(65), ' '];
    for (const query of queries) {
      const res = await searches.start(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: SEARCH_QUERY_MESSAGE });
    }
    const missing = await searches.start(42);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Type what to search for' });
    await expect(agent.next('search.request')).rejects.toThrow(/no search.request/);
    await agent.close();
  });

  it('a second search of the device supersedes the first: its late answers are not kept', async () => {
    const { agent, searches } = await world();
    const first = await searches.start('firefox');
    const second = await searches.start('chromium');
    // The first's request may or may not reach the agent: the hub sends nothing for a search that
    // is no longer running by the time the bus delivers it (PostgreSQL's is slower). The second's does.
    await agent.next('search.request', (m) => m.searchId === second.body.searchId);
    expect((await searches.get(first.body.searchId)).body.status).toBe('superseded');
    results(agent, first.body.searchId, 'apt');
    results(agent, second.body.searchId, 'apt', { results: [{ id: 'chromium', name: 'chromium' }] });
    await eventually(
      () => searches.get(second.body.searchId),
      (res) => res.body.managers[0]?.status === 'done',
      'second answered',
    );
    const old = await searches.get(first.body.searchId);
    expect(old.body).toMatchObject({
      status: 'superseded',
      managers: [{ manager: 'apt', status: 'unanswered', results: [] }, { status: 'unanswered' }],
    });
    await agent.close();
  });

  it('is over after a minute: managers that did not answer say so, and late answers are not kept', async () => {
    const { agent, searches } = await world();
    const started = await searches.start('firefox');
    await agent.next('search.request');
    t.clock.advance(61_000);
    const expired = await searches.get(started.body.searchId);
    expect(expired.body).toMatchObject({ status: 'expired', managers: [{ status: 'unanswered' }, { status: 'unanswered' }] });
    results(agent, started.body.searchId, 'apt');
    agent.send({ type: 'search.done', searchId: started.body.searchId });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await searches.get(started.body.searchId)).body).toMatchObject({
      status: 'expired',
      managers: [{ manager: 'apt', status: 'unanswered', results: [] }, { status: 'unanswered' }],
    });
    await agent.close();
  });

  it("is the owner's and the device's alone", async () => {
    const first = await world();
    const second = await world();
    const started = await first.searches.start('firefox');
    const asked = await first.agent.next('search.request');
    // Another user cannot read it, through their device or the owner's, nor search the owner's device.
    const throughTheirs = await second.searches.get(started.body.searchId, first.machine.deviceId, second.owner.token);
    expect(throughTheirs.status).toBe(404);
    expect(throughTheirs.body).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    const throughOwn = await second.searches.get(started.body.searchId, second.machine.deviceId, second.owner.token);
    expect(throughOwn.status).toBe(404);
    expect(throughOwn.body).toMatchObject({ code: 'DEVICE_SEARCH_NOT_FOUND', message: 'Search not found' });
    const theirs = await second.searches.start('firefox', first.machine.deviceId, second.owner.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 'DEVICE_NOT_FOUND', message: 'Device not found' });
    // Another device's agent cannot answer it.
    results(second.agent, asked.searchId, 'apt', { results: [{ id: 'evil', name: 'evil' }] });
    second.agent.send({ type: 'search.done', searchId: asked.searchId });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await first.searches.get(started.body.searchId)).body).toMatchObject({
      status: 'searching',
      managers: [{ status: 'searching', results: [] }, {}],
    });
    await first.agent.close();
    await second.agent.close();
  });

  it('says at once that an offline machine cannot be searched', async () => {
    const { agent, searches } = await world();
    await agent.close();
    t.clock.advance(10 * 60_000);
    const res = await searches.start('firefox');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'DEVICE_OFFLINE',
      message: 'Build server is offline: connect it to search its package managers',
    });
  });

  it('is rate limited per device', async () => {
    const { agent, searches } = await world();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await searches.start(`query ${i}`)).status);
    expect(statuses.slice(0, 12).every((status) => status === 202)).toBe(true);
    const refused = await searches.start('one more');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.body.message).toContain('was asked to search many times in a minute');
    await agent.close();
  });
});
