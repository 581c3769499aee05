/**
 * The states of an installation and how they move: the one place that says which states are
 * still open, which are final and which may follow which. Code asks these helpers instead of
 * comparing a status to a word (lint refuses that outside this file), so a new state is decided
 * here once, not found by whoever meets it. Adding one: docs/guides/adding-an-installation-state.md.
 *
 * An **item** is one app on one device:
 *
 *     queued ──▶ installing ──▶ succeeded | failed | skipped
 *       │ └──────────────────▶ succeeded | failed | skipped   (a fast app may report no "installing")
 *       ├──▶ cancelled                                       (cancelled, or its job expired, before it started)
 *       └──▶ deferred ──▶ installing | succeeded | failed | skipped | cancelled
 *                 ▲                                          (waiting for the user: the app is running and
 *     installing ─┘                                          the person at the machine asked for later)
 *     failed ──▶ queued                                       (retry)
 *
 * A **target** is one device's job, which its agent runs:
 *
 *     waiting ──▶ running ──▶ done
 *       │           ├──▶ cancelled                            (by the owner)
 *       │           └──▶ expired                              (its agent went away for too long)
 *       ├──▶ cancelled
 *       ├──▶ expired                                          (no agent took it in time)
 *       └──▶ done                                             (nothing to do: every app skipped)
 *     any ──▶ waiting                                         (retry: its failed apps are queued again)
 *
 * A job its agent went away from (expired with AWAY_ENDED_REASON) still takes the agent's late
 * report: its items, failed with that reason, move to what the agent says it did, and the job to
 * done (agent-jobs.service.ts, endedAway).
 *
 * The **installation**'s status is derived from its targets and items (installation-view.ts).
 */

interface StateSpec {
  /** Work may still happen: not a final state. */
  readonly open: boolean;
  /**
   * Its agent has begun changing the machine for it: a cancel or an expiry can no longer simply
   * drop it, the agent's own word ends it.
   */
  readonly started: boolean;
}

export const ITEM_STATUSES = ['queued', 'deferred', 'installing', 'succeeded', 'failed', 'skipped', 'cancelled'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

const ITEM_STATES = {
  queued: { open: true, started: false },
  // The agent checked and left the machine as it was: cancelling or expiring still drops it.
  deferred: { open: true, started: false },
  installing: { open: true, started: true },
  succeeded: { open: false, started: true },
  failed: { open: false, started: true },
  skipped: { open: false, started: true },
  cancelled: { open: false, started: false },
} as const satisfies Record<ItemStatus, StateSpec>;

/** Which states each item state may move to (a report, a cancel, an expiry, a retry). */
export const ITEM_TRANSITIONS: Readonly<Record<ItemStatus, readonly ItemStatus[]>> = {
  queued: ['deferred', 'installing', 'succeeded', 'failed', 'skipped', 'cancelled'],
  // Again while deferred: put off once more (the message says until when).
  deferred: ['deferred', 'installing', 'succeeded', 'failed', 'skipped', 'cancelled'],
  // Again while installing: the latest word on how it is getting on.
  installing: ['installing', 'deferred', 'succeeded', 'failed', 'skipped'],
  succeeded: [],
  failed: ['queued'],
  skipped: [],
  cancelled: [],
};

/** Items still to be worked on: what a cancel, an expiry or a finished job closes. */
export const OPEN_ITEM_STATUSES: readonly ItemStatus[] = ITEM_STATUSES.filter((status) => ITEM_STATES[status].open);
/** Items no agent has begun changing the machine for: what cancelling, or a job's expiry, cancels. */
export const UNSTARTED_ITEM_STATUSES: readonly ItemStatus[] = OPEN_ITEM_STATUSES.filter((status) => !ITEM_STATES[status].started);
export const FINAL_ITEM_STATUSES: readonly ItemStatus[] = ITEM_STATUSES.filter((status) => !ITEM_STATES[status].open);

/** The states in which nothing more happens to an item. */
export type FinalItemStatus = { [S in ItemStatus]: (typeof ITEM_STATES)[S]['open'] extends false ? S : never }[ItemStatus];

export const isOpenItem = (status: ItemStatus): boolean => ITEM_STATES[status].open;
export const isFinalItem = <S extends ItemStatus>(status: S): status is Extract<S, FinalItemStatus> => !ITEM_STATES[status].open;
/** An agent is working on it now. */
export const isItemInProgress = (status: ItemStatus): boolean => ITEM_STATES[status].open && ITEM_STATES[status].started;
export const isItemSucceeded = (status: ItemStatus): boolean => status === 'succeeded';
export const isItemFailed = (status: ItemStatus): boolean => status === 'failed';
export const isItemSkipped = (status: ItemStatus): boolean => status === 'skipped';
/** No agent has begun changing the machine for it: what a cancel would stop. */
export const isItemUnstarted = (status: ItemStatus): boolean => ITEM_STATES[status].open && !ITEM_STATES[status].started;
/** Final states after which the agent has said which version the app is at. */
export const VERSION_KNOWN_ITEM_STATUSES = ['succeeded', 'skipped'] as const satisfies readonly FinalItemStatus[];

/** The states an item may be in for a move to `to` (a report, a cancel): the transitions read backwards. */
export function itemStatusesBefore(to: ItemStatus): ItemStatus[] {
  return ITEM_STATUSES.filter((from) => ITEM_TRANSITIONS[from].includes(to));
}

export const TARGET_STATUSES = ['waiting', 'running', 'done', 'cancelled', 'expired'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

const TARGET_STATES = {
  waiting: { open: true, started: false },
  running: { open: true, started: true },
  done: { open: false, started: true },
  cancelled: { open: false, started: false },
  expired: { open: false, started: false },
} as const satisfies Record<TargetStatus, StateSpec>;

/** Which states each target state may move to. `waiting` from anywhere: a retry sends the job again. */
export const TARGET_TRANSITIONS: Readonly<Record<TargetStatus, readonly TargetStatus[]>> = {
  waiting: ['waiting', 'running', 'done', 'cancelled', 'expired'],
  running: ['waiting', 'done', 'cancelled', 'expired'],
  done: ['waiting'],
  cancelled: ['waiting'],
  // `done`: the late job.done of a job its agent went away from.
  expired: ['waiting', 'done'],
};

/** Jobs that are not over: waiting for their agent, or running. */
export const OPEN_TARGET_STATUSES: readonly TargetStatus[] = TARGET_STATUSES.filter((status) => TARGET_STATES[status].open);
/** Jobs no agent has taken yet. */
export const UNTAKEN_TARGET_STATUSES: readonly TargetStatus[] = OPEN_TARGET_STATUSES.filter((status) => !TARGET_STATES[status].started);

/** The states a target may be in for a move to `to`: the transitions read backwards. */
export function targetStatusesBefore(to: TargetStatus): TargetStatus[] {
  return TARGET_STATUSES.filter((from) => TARGET_TRANSITIONS[from].includes(to));
}

export const isOpenTarget = (status: TargetStatus): boolean => TARGET_STATES[status].open;
export const isTargetUntaken = (status: TargetStatus): boolean => TARGET_STATES[status].open && !TARGET_STATES[status].started;
export const isTargetRunning = (status: TargetStatus): boolean => TARGET_STATES[status].open && TARGET_STATES[status].started;
export const isTargetDone = (status: TargetStatus): boolean => status === 'done';
export const isTargetCancelled = (status: TargetStatus): boolean => status === 'cancelled';
export const isTargetExpired = (status: TargetStatus): boolean => status === 'expired';

/** The whole installation's status, derived from its targets and items. */
export const INSTALLATION_STATUSES = ['waiting', 'running', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];

export const isOpenInstallation = (status: InstallationStatus): boolean => status === 'waiting' || status === 'running';
/** An agent is working on one of its jobs now. */
export const isInstallationInProgress = (status: InstallationStatus): boolean => status === 'running';
