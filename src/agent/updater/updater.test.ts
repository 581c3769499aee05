import { createHash } from 'node:crypto';
import { chmod, lstat, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import type { AgentMessage } from '@shared/agent/protocol';

import { silentLogger } from '../log';
import { fakeMachine, releaseKey, signBuild, type FakeMachine } from './fake-deps';
import { holdSchema, pendingSchema, readState, writeState } from './state';
import { FAILED_HOLD_MS, Updater, type UpdateOffer } from './updater';

const OLD = Buffer.from('#!old program 0.1.0\n');
const NEW = Buffer.from(`#!new program 0.2.0\n${'x'.repeat(5000)}`);
const key = releaseKey();
const SERVER = 'https://loadout.example';
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function offerOf(
  bytes: Buffer,
  overrides: Partial<UpdateOffer> = {},
  signed: Partial<{ platform: string; arch: string; version: string }> = {},
): UpdateOffer {
  const version = overrides.version ?? '0.2.0';
  const fields = { platform: 'linux', arch: 'x64', format: 'exe', version, sha256: sha(bytes), ...signed };
  return {
    type: 'update.available',
    version,
    url: `${SERVER}/api/client/agent/linux/x64`,
    sha256: sha(bytes),
    size: bytes.length,
    signature: signBuild(key.privateKey, fields),
    ...overrides,
  };
}

/** `pinned`: the key in agent.json, null for a machine enrolled before servers signed builds. */
function updaterOn(machine: FakeMachine, pinned: string | null = key.publicKey) {
  const sent: AgentMessage[] = [];
  const updater = new Updater({
    configDir: machine.configDir,
    paths: machine.paths,
    server: SERVER,
    publicKey: pinned ?? undefined,
    currentVersion: '0.1.0',
    platformName: 'linux',
    confirmWithinMs: 5_000,
    send: (message) => sent.push(message),
    log: silentLogger,
    deps: machine.deps,
  });
  const states = () => sent.flatMap((message) => (message.type === 'update.status' ? [message.state] : []));
  const lastMessage = () => {
    const last = sent.at(-1);
    return last?.type === 'update.status' ? last.message : '';
  };
  return { updater, sent, states, lastMessage };
}

/** The refusals all end the same way: the running program untouched, nothing beside it, the version held. */
async function expectRefused(machine: FakeMachine, version = '0.2.0') {
  expect(await readFile(machine.paths.program)).toEqual(OLD);
  await expect(lstat(machine.paths.next)).rejects.toThrow();
  await expect(lstat(machine.paths.previous)).rejects.toThrow();
  expect(machine.watchdogs).toEqual([]);
  const hold = await readState(machine.paths.hold, holdSchema);
  expect(hold?.version).toBe(version);
  expect(Date.parse(hold!.until) - machine.clock.now).toBe(FAILED_HOLD_MS);
}

describe('the agent updating itself', () => {
  it('downloads, checks and swaps in a signed newer build, keeps the old one and starts the watchdog from it', async () => {
    const machine = await fakeMachine(OLD);
    machine.served = NEW;
    const { updater, states } = updaterOn(machine);
    await updater.offer(offerOf(NEW));
    expect(machine.fetched).toEqual([`${SERVER}/api/client/agent/linux/x64`]);
    expect(await updater.install()).toBe(true);
    expect(await readFile(machine.paths.program)).toEqual(NEW);
    expect(await readFile(machine.paths.previous)).toEqual(OLD);
    expect((await lstat(machine.paths.program)).mode & 0o777).toBe(0o755);
    expect(machine.watchdogs).toEqual([{ previous: machine.paths.previous, configDir: machine.configDir }]);
    const pending = await readState(machine.paths.pending, pendingSchema);
    expect(pending).toMatchObject({ version: '0.2.0', from: '0.1.0' });
    expect(Date.parse(pending!.deadline) - machine.clock.now).toBe(5_000);
    expect(states()).toEqual(['downloading', 'installing', 'restarting']);
  });

  it('refuses a download whose SHA-256 is not the announced one', async () => {
    const machine = await fakeMachine(OLD);
    machine.served = Buffer.concat([NEW.subarray(0, -1), Buffer.from('y')]);
    const { updater, states, lastMessage } = updaterOn(machine);
    await updater.offer(offerOf(NEW));
    expect(await updater.install()).toBe(false);
    expect(states()).toEqual(['downloading', 'failed']);
    expect(lastMessage()).toMatch(/SHA-256/);
    await expectRefused(machine);
  });

  it('refuses a build signed by another key', async () => {
    const machine = await fakeMachine(OLD);
    machine.served = NEW;
    const { updater, lastMessage } = updaterOn(machine, releaseKey().publicKey);
    await updater.offer(offerOf(NEW));
    expect(lastMessage()).toMatch(/signature is not the pinned release key's/);
    await expectRefused(machine);
  });

  it('refuses a genuine signature replayed for another version or another platform', async () => {
    for (const signed of [{ version: '0.1.9' }, { arch: 'arm64' }, { platform: 'windows' }]) {
      const machine = await fakeMachine(OLD);
      machine.served = NEW;
      const { updater, states } = updaterOn(machine);
      await updater.offer(offerOf(NEW, {}, signed));
      expect(states(), JSON.stringify(signed)).toEqual(['downloading', 'failed']);
      await expectRefused(machine);
    }
  });

  it('stops reading a download larger than announced, and refuses an announced size no agent has', async () => {
    const machine = await fakeMachine(OLD);
    machine.served = Buffer.concat([NEW, Buffer.alloc(4000)]);
    const { updater, lastMessage } = updaterOn(machine);
    await updater.offer(offerOf(NEW));
    expect(lastMessage()).toMatch(/larger than the \d+ bytes announced/);
    await expectRefused(machine);

    const other = await fakeMachine(OLD);
    const huge = updaterOn(other);
    await huge.updater.offer(offerOf(NEW, { size: 2 * 1024 * 1024 * 1024 }));
    expect(huge.lastMessage()).toMatch(/more than an agent can be/);
    expect(other.fetched).toEqual([]);
  });

  it('installs nothing without a key pinned at enrolment, and says so', async () => {
    const machine = await fakeMachine(OLD);
    machine.served = NEW;
    const { updater, lastMessage } = updaterOn(machine, null);
    await updater.offer(offerOf(NEW));
    expect(lastMessage()).toMatch(/No release key was pinned/);
    expect(machine.fetched).toEqual([]);
    await expectRefused(machine);
  });

  it('downloads only its own build from its own server: another path, a query or credentials are refused', async () => {
    for (const url of [
      `${SERVER}/api/client/agent/linux/x64/../../../../etc/shadow`,
      `${SERVER}/api/client/agent/windows/x64`,
      `${SERVER}/api/client/agent/linux/x64?format=deb`,
      'https://user:pw@loadout.example/api/client/agent/linux/x64',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const machine = await fakeMachine(OLD);
      machine.served = NEW;
      const { updater, lastMessage } = updaterOn(machine);
      await updater.offer(offerOf(NEW, { url }));
      expect(machine.fetched, url).toEqual([]);
      expect(lastMessage(), url).toMatch(/address/);
    }
    // Another host with the right path: the bytes still come from the enrolled server.
    const machine = await fakeMachine(OLD);
    machine.served = NEW;
    await updaterOn(machine).updater.offer(offerOf(NEW, { url: 'https://elsewhere.example/api/client/agent/linux/x64' }));
    expect(machine.fetched).toEqual([`${SERVER}/api/client/agent/linux/x64`]);
  });

  it('writes through no link placed at loadout-agent.new', async () => {
    const machine = await fakeMachine(OLD);
    const outside = join(await mkdtemp(join(tmpdir(), 'loadout-outside-')), 'victim');
    await writeFile(outside, 'keep me');
    await symlink(outside, machine.paths.next);
    machine.served = NEW;
    const { updater } = updaterOn(machine);
    await updater.offer(offerOf(NEW));
    expect(await updater.install()).toBe(true);
    expect(await readFile(outside, 'utf8')).toBe('keep me');
    expect(await readFile(machine.paths.program)).toEqual(NEW);
  });

  it("does not replace itself outside its fixed home, as a package's program, or in a home others may write to", async () => {
    const elsewhere = await fakeMachine(OLD);
    elsewhere.served = NEW;
    elsewhere.deps.program = '/home/someone/Downloads/loadout-agent';
    const first = updaterOn(elsewhere);
    await first.updater.offer(offerOf(NEW));
    expect(first.lastMessage()).toMatch(/not from .*: it does not replace itself there/);
    expect(elsewhere.fetched).toEqual([]);
    await expectRefused(elsewhere);

    const packaged = await fakeMachine(OLD);
    packaged.deps.program = '/usr/lib/loadout-agent/loadout-agent';
    const fromPackage = updaterOn(packaged);
    await fromPackage.updater.offer(offerOf(NEW));
    expect(fromPackage.lastMessage()).toMatch(/installed from a package .*: update the package/);
    await expectRefused(packaged);

    const open = await fakeMachine(OLD);
    open.served = NEW;
    await chmod(open.paths.home, 0o777);
    const second = updaterOn(open);
    await second.updater.offer(offerOf(NEW));
    expect(second.lastMessage()).toMatch(/may be written by other users/);
    await expectRefused(open);
  });

  it('does not try a failed version again within the hour, nor an older or equal version at all', async () => {
    const machine = await fakeMachine(OLD);
    machine.served = null;
    const { updater, states } = updaterOn(machine);
    await updater.offer(offerOf(NEW));
    expect(states()).toEqual(['downloading', 'failed']);
    machine.served = NEW;
    await updater.offer(offerOf(NEW));
    expect(machine.fetched).toHaveLength(1);
    await updater.offer(offerOf(OLD, { version: '0.1.0' }));
    await updater.offer(offerOf(OLD, { version: '0.0.9' }));
    expect(machine.fetched).toHaveLength(1);
    machine.clock.now += FAILED_HOLD_MS + 1;
    await updater.offer(offerOf(NEW));
    expect(await updater.install()).toBe(true);
  });

  it('confirms the pending update of its own version after a welcome, and tells what the watchdog did', async () => {
    const machine = await fakeMachine(OLD);
    const { updater, sent } = updaterOn(machine);
    await writeState(machine.paths.pending, { version: '0.1.0', from: '0.0.9', previous: machine.paths.previous, deadline: 'x' });
    await writeState(machine.paths.report, { state: 'rolled-back', version: '0.1.1', message: '0.1.1 did not connect' });
    await updater.welcomed();
    await expect(lstat(machine.paths.pending)).rejects.toThrow();
    await expect(lstat(machine.paths.report)).rejects.toThrow();
    expect(sent).toEqual([{ type: 'update.status', state: 'rolled-back', version: '0.1.1', message: '0.1.1 did not connect' }]);
  });
});
