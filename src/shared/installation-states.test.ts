import { describe, expect, it } from 'vitest';

import {
  FINAL_ITEM_STATUSES,
  isFinalItem,
  isItemInProgress,
  isItemUnstarted,
  isOpenInstallation,
  ITEM_STATUSES,
  ITEM_TRANSITIONS,
  itemStatusesBefore,
  OPEN_ITEM_STATUSES,
  OPEN_TARGET_STATUSES,
  TARGET_STATUSES,
  TARGET_TRANSITIONS,
  targetStatusesBefore,
  UNSTARTED_ITEM_STATUSES,
  UNTAKEN_TARGET_STATUSES,
} from './installation-states';

/** Every state reachable from `start` by the transitions. */
function reachable<S extends string>(start: S, transitions: Readonly<Record<S, readonly S[]>>): Set<S> {
  const seen = new Set<S>([start]);
  const queue = [start];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const next of transitions[state]) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

describe('installation states', () => {
  it('splits an item’s states into open (to cancel or close) and final', () => {
    expect(OPEN_ITEM_STATUSES).toEqual(['queued', 'deferred', 'installing']);
    // Waiting for the user has not changed the machine: a cancel or an expiry still drops it.
    expect(UNSTARTED_ITEM_STATUSES).toEqual(['queued', 'deferred']);
    expect(FINAL_ITEM_STATUSES).toEqual(['succeeded', 'failed', 'skipped', 'cancelled']);
    expect([...OPEN_ITEM_STATUSES, ...FINAL_ITEM_STATUSES].sort()).toEqual([...ITEM_STATUSES].sort());
    expect(isFinalItem('installing')).toBe(false);
    expect(isFinalItem('deferred')).toBe(false);
    expect(isItemInProgress('deferred')).toBe(false);
    expect(isItemUnstarted('deferred')).toBe(true);
  });

  it('splits a job’s states the same way', () => {
    expect(OPEN_TARGET_STATUSES).toEqual(['waiting', 'running']);
    expect(UNTAKEN_TARGET_STATUSES).toEqual(['waiting']);
    expect(isOpenInstallation('running')).toBe(true);
    expect(isOpenInstallation('expired')).toBe(false);
  });

  it('reaches every state from the first one, and moves an app forward only', () => {
    expect([...reachable('queued', ITEM_TRANSITIONS)].sort()).toEqual([...ITEM_STATUSES].sort());
    expect([...reachable('waiting', TARGET_TRANSITIONS)].sort()).toEqual([...TARGET_STATUSES].sort());
    // A report lands on an app not yet finished; a repeated final report moves nothing.
    expect(itemStatusesBefore('succeeded')).toEqual(['queued', 'deferred', 'installing']);
    expect(itemStatusesBefore('installing')).toEqual(['queued', 'deferred', 'installing']);
    // Put off before it started, or after the agent said it was installing; and put off again.
    expect(itemStatusesBefore('deferred')).toEqual(['queued', 'deferred', 'installing']);
    // Only a failed app is queued again (retry); only an unstarted one is cancelled.
    expect(itemStatusesBefore('queued')).toEqual(['failed']);
    expect(itemStatusesBefore('cancelled')).toEqual(['queued', 'deferred']);
    // Every final state but failed is final for good.
    for (const status of FINAL_ITEM_STATUSES) expect(ITEM_TRANSITIONS[status].length > 0).toBe(status === 'failed');
  });

  it('cancels a job that has not ended, and retries any', () => {
    expect(targetStatusesBefore('cancelled')).toEqual(['waiting', 'running']);
    expect(targetStatusesBefore('running')).toEqual(['waiting']);
    expect(targetStatusesBefore('waiting')).toEqual([...TARGET_STATUSES]);
  });
});
