import { describe, expect, it } from 'vitest';

import { REMOVAL_CHECK_ANSWER_MS, REMOVAL_CHECK_VALID_MS } from '@shared/api/removal-checks';

import { makeGroupRemoval, makeRemovalCheck } from '../../test/factories';
import { CHECK_ANSWER_MS, CHECK_VALID_MS, machineState, removalOutcome, stillAsking } from './group-removal-words';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const at = (minutesBefore: number) => new Date(NOW - minutesBefore * 60_000).toISOString();

function machine(deviceId: string, check: Partial<Parameters<typeof makeRemovalCheck>[0]> = {}) {
  return {
    deviceId,
    deviceName: deviceId,
    installationId: null,
    check: makeRemovalCheck({ checkId: `c-${deviceId}`, deviceId, createdAt: at(1), ...check }),
  };
}

describe('a group removal in words', () => {
  it('keeps the server’s time limits', () => {
    expect(CHECK_VALID_MS).toBe(REMOVAL_CHECK_VALID_MS);
    expect(CHECK_ANSWER_MS).toBe(REMOVAL_CHECK_ANSWER_MS);
  });

  it('tells each state of a machine’s check', () => {
    expect(machineState(machine('a', { status: 'pending' }).check, NOW)).toBe('asking');
    expect(machineState(machine('a', { status: 'unanswered' }).check, NOW)).toBe('unanswered');
    expect(machineState(machine('a', { refused: 'No' }).check, NOW)).toBe('refused');
    expect(machineState(machine('a', { installedVersion: null, removes: [] }).check, NOW)).toBe('absent');
    expect(machineState(machine('a').check, NOW)).toBe('removable');
    expect(machineState(machine('a', { createdAt: at(16) }).check, NOW)).toBe('stale');
  });

  it('waits while a machine is asked, or while a new removal has no machines yet', () => {
    expect(stillAsking(makeGroupRemoval({ id: 'r', appId: 1, appName: 'A', machines: [machine('a', { status: 'pending' })] }), NOW)).toBe(
      true,
    );
    expect(stillAsking(makeGroupRemoval({ id: 'r', appId: 1, appName: 'A', machines: [machine('a')] }), NOW)).toBe(false);
    expect(stillAsking(makeGroupRemoval({ id: 'r', appId: 1, appName: 'A', createdAt: at(0.5) }), NOW)).toBe(true);
    expect(stillAsking(makeGroupRemoval({ id: 'r', appId: 1, appName: 'A', createdAt: at(5) }), NOW)).toBe(false);
  });

  it('names the machine of each uninstall started, and those left out with why', () => {
    const removal = makeGroupRemoval({
      id: 'r',
      appId: 1,
      appName: 'A',
      machines: [machine('a'), machine('b', { status: 'unanswered' }), machine('c'), machine('d')],
    });
    // c was ready but failed when its uninstall was made: the server lists it as left out.
    expect(
      removalOutcome(removal, {
        installationIds: ['i-a', 'i-d'],
        skipped: [
          { deviceId: 'b', deviceName: 'b', reason: 'offline' },
          { deviceId: 'c', deviceName: 'c', reason: 'no seat' },
        ],
      }),
    ).toEqual({
      removalId: 'r',
      appName: 'A',
      unnamed: [],
      machines: [
        { deviceId: 'a', deviceName: 'a', installationId: 'i-a' },
        { deviceId: 'd', deviceName: 'd', installationId: 'i-d' },
        { deviceId: 'b', deviceName: 'b', reason: 'offline' },
        { deviceId: 'c', deviceName: 'c', reason: 'no seat' },
      ],
    });
    // An answer that does not line up with the machines shown still links every uninstall.
    expect(removalOutcome(removal, { installationIds: ['i-x'], skipped: [] }).unnamed).toEqual(['i-x']);
  });
});
