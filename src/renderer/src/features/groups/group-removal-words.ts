import type { ConfirmGroupRemovalResponse, GroupRemoval, GroupRemovalMachine } from '../../api/device-groups';

/**
 * How long a machine's answer may be acted on: the server's REMOVAL_CHECK_VALID_MS, repeated here
 * so that zod (which that module brings) stays out of the group page; group-removal-words.test.ts
 * keeps the two equal.
 */
export const CHECK_VALID_MS = 15 * 60_000;
/** How long an agent has to answer before the check is given up on (REMOVAL_CHECK_ANSWER_MS, likewise). */
export const CHECK_ANSWER_MS = 60_000;

/** Where one machine's removal check stands, as the page says it. */
export type MachineState = 'asking' | 'unanswered' | 'refused' | 'absent' | 'stale' | 'removable';

type Check = GroupRemovalMachine['check'];

/** The server's own test of a machine it will remove the app from when the removal is confirmed. */
const answeredYes = (check: Check) => check.status === 'ready' && !check.refused && check.installedVersion !== null;

export function machineState(check: Check, now: number): MachineState {
  if (check.status === 'pending') return 'asking';
  if (check.status === 'unanswered') return 'unanswered';
  if (check.refused) return 'refused';
  if (check.installedVersion === null || check.removes.length === 0) return 'absent';
  return now - Date.parse(check.createdAt) > CHECK_VALID_MS ? 'stale' : 'removable';
}

/**
 * Whether the page should read the removal again soon: a machine has not answered yet, or the
 * removal was made a moment ago and its machines are still being asked.
 */
export function stillAsking(removal: GroupRemoval, now: number): boolean {
  if (removal.machines.length === 0) return now - Date.parse(removal.createdAt) < CHECK_ANSWER_MS;
  return removal.machines.some((machine) => machine.check.status === 'pending');
}

/** One machine's part of a confirmed removal: the uninstall started there, or why it was left out. */
export type RemovalOutcomeMachine =
  | { deviceId: string; deviceName: string; installationId: string; reason?: undefined }
  | { deviceId: string; deviceName: string; installationId?: undefined; reason: string };

export interface RemovalOutcome {
  removalId: string;
  appName: string;
  /** Uninstalls started whose machine is not known (only when the answer does not line up with the machines shown). */
  unnamed: string[];
  machines: RemovalOutcomeMachine[];
}

/**
 * What a confirmation did, machine by machine. The server makes one uninstall per machine that
 * answered yes, in the order the removal lists them, and names those it left out: the others,
 * in that order, are the ones the uninstalls went to.
 */
export function removalOutcome(removal: GroupRemoval, response: ConfirmGroupRemovalResponse): RemovalOutcome {
  const skipped = new Set(response.skipped.map((machine) => machine.deviceId));
  const started = removal.machines.filter((machine) => answeredYes(machine.check) && !skipped.has(machine.deviceId));
  const lined = started.length === response.installationIds.length;
  const machines: RemovalOutcomeMachine[] = lined
    ? started.map((machine, index) => ({
        deviceId: machine.deviceId,
        deviceName: machine.deviceName,
        installationId: response.installationIds[index] ?? '',
      }))
    : [];
  machines.push(...response.skipped.map(({ deviceId, deviceName, reason }) => ({ deviceId, deviceName, reason })));
  return { removalId: removal.id, appName: removal.appName, unnamed: lined ? [] : response.installationIds, machines };
}
