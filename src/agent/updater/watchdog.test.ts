import { lstat, readFile, rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

import { silentLogger } from '../log';
import { fakeMachine } from './fake-deps';
import { holdSchema, readState, reportSchema, writeState } from './state';
import { ROLLED_BACK_HOLD_MS, runWatchdog } from './watchdog';

const GOOD = Buffer.from('#!known-good 0.1.0\n');
const BROKEN = Buffer.from('#!broken 0.2.0\n');

/** The state right after a swap: the broken build in place, the good one kept as previous, a deadline ahead. */
async function swapped() {
  const machine = await fakeMachine(BROKEN);
  await writeFile(machine.paths.previous, GOOD, { mode: 0o755 });
  const deadline = new Date(machine.clock.now + 5_000).toISOString();
  await writeState(machine.paths.pending, { version: '0.2.0', from: '0.1.0', previous: machine.paths.previous, deadline });
  return machine;
}

const watch = (machine: Awaited<ReturnType<typeof swapped>>) =>
  runWatchdog({ configDir: machine.configDir, paths: machine.paths, deps: machine.deps, log: silentLogger });

describe('the update watchdog', () => {
  it('puts the previous program back and restarts the service when the new one never confirmed', async () => {
    const machine = await swapped();
    expect(await watch(machine)).toBe('rolled-back');
    expect(await readFile(machine.paths.program)).toEqual(GOOD);
    await expect(lstat(machine.paths.previous)).rejects.toThrow();
    await expect(lstat(machine.paths.pending)).rejects.toThrow();
    expect(machine.commands).toEqual([['systemctl', 'restart', 'loadout-agent.service']]);
    expect(await readState(machine.paths.report, reportSchema)).toEqual({
      state: 'rolled-back',
      version: '0.2.0',
      message: '0.2.0 did not connect to the server in time; rolled back to 0.1.0',
    });
    const hold = await readState(machine.paths.hold, holdSchema);
    expect(hold?.version).toBe('0.2.0');
    expect(Date.parse(hold!.until) - machine.clock.now).toBe(ROLLED_BACK_HOLD_MS);
  });

  it('does nothing once the new program confirmed', async () => {
    const machine = await swapped();
    let sleeps = 0;
    machine.onSleep = async () => {
      if ((sleeps += 1) === 3) await rm(machine.paths.pending);
    };
    expect(await watch(machine)).toBe('confirmed');
    expect(await readFile(machine.paths.program)).toEqual(BROKEN);
    expect(await readFile(machine.paths.previous)).toEqual(GOOD);
    expect(machine.commands).toEqual([]);
    await expect(lstat(machine.paths.report)).rejects.toThrow();
  });

  it('with no service manager, starts the restored program when nobody else does', async () => {
    const machine = await swapped();
    machine.manager = null;
    expect(await watch(machine)).toBe('rolled-back');
    expect(machine.started).toEqual([machine.paths.program]);
    expect(machine.commands).toEqual([]);
  });

  it('rolls back to the home’s previous program only, whatever the pending file names', async () => {
    const machine = await swapped();
    const deadline = new Date(machine.clock.now + 1_000).toISOString();
    await writeState(machine.paths.pending, { version: '0.2.0', from: '0.1.0', previous: '/etc/passwd', deadline });
    expect(await watch(machine)).toBe('rolled-back');
    expect(await readFile(machine.paths.program)).toEqual(GOOD);
  });

  it('has nothing to do without a pending update', async () => {
    const machine = await fakeMachine(GOOD);
    expect(await watch(machine)).toBe('nothing-pending');
    expect(await readFile(machine.paths.program)).toEqual(GOOD);
  });
});
