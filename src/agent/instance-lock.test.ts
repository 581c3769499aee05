import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { acquireInstanceLock, AlreadyRunning, LOCK_FILE, runningAgent, type LockEnv } from './instance-lock';

const BOOT = new Date('2026-03-01T08:00:00.000Z');

/** A machine where only the listed process ids exist. */
function machine(alive: number[], pid: number): LockEnv {
  return { pid, now: () => new Date('2026-03-02T10:00:00.000Z'), isAlive: (p) => alive.includes(p), bootedAt: () => BOOT };
}

describe('the agent lock on its enrolment folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second agent while the first runs, naming its process and the folder', async () => {
    const first = await acquireInstanceLock(dir, machine([1234, 5678], 1234));
    const second = acquireInstanceLock(dir, machine([1234, 5678], 5678));
    await expect(second).rejects.toBeInstanceOf(AlreadyRunning);
    await expect(second).rejects.toThrow(
      `Another Loadout agent (process 1234) is already running with this enrolment in ${dir}; stop it first`,
    );
    expect(await runningAgent(dir, machine([1234], 1))).toMatchObject({ pid: 1234 });
    await first.release();
  });

  it('is released on stop, and the next agent takes it', async () => {
    const first = await acquireInstanceLock(dir, machine([1234, 5678], 1234));
    await first.release();
    await expect(readFile(join(dir, LOCK_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await runningAgent(dir, machine([1234], 1))).toBeNull();
    const second = await acquireInstanceLock(dir, machine([1234, 5678], 5678));
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 5678 });
    await second.release();
  });

  it('takes over a lock whose process is gone (killed or crashed)', async () => {
    await acquireInstanceLock(dir, machine([1234], 1234));
    // 1234 was SIGKILLed: it never released its lock.
    const second = await acquireInstanceLock(dir, machine([5678], 5678));
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 5678 });
    await second.release();
  });

  it('takes over a lock from before a reboot, even when its process id is in use again', async () => {
    await writeFile(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 1234, startedAt: '2026-02-01T00:00:00.000Z', bootedAt: '2026-02-01T00:00:00.000Z' }),
    );
    const lock = await acquireInstanceLock(dir, machine([1234, 5678], 5678));
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 5678 });
    await lock.release();
  });

  it('does not remove a lock another agent has taken over since', async () => {
    const first = await acquireInstanceLock(dir, machine([1234], 1234));
    const second = await acquireInstanceLock(dir, machine([5678], 5678));
    await first.release();
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 5678 });
    await second.release();
  });

  it('notes when the agent waits after being replaced on the server, for status to say', async () => {
    const lock = await acquireInstanceLock(dir, machine([1234], 1234));
    await lock.waiting(new Date('2026-03-02T10:12:00.000Z'));
    expect(await runningAgent(dir, machine([1234], 1))).toMatchObject({ pid: 1234, waitingUntil: '2026-03-02T10:12:00.000Z' });
    await lock.waiting(null);
    expect(await runningAgent(dir, machine([1234], 1))).not.toHaveProperty('waitingUntil');
    await lock.release();
    expect(await runningAgent(dir, machine([1234], 1))).toBeNull();
  });

  it('treats this process as alive, and a process that does not exist as gone', async () => {
    const lock = await acquireInstanceLock(dir);
    await expect(acquireInstanceLock(dir)).rejects.toThrow(`(process ${process.pid}) is already running`);
    await lock.release();
    await writeFile(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 12_345, startedAt: new Date().toISOString(), bootedAt: new Date().toISOString() }),
    );
    expect(await runningAgent(dir)).toBeNull();
  });
});
