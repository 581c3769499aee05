import { AGENT_MESSAGE_MAX_BYTES, REMOVAL_LIST_MAX, type AgentMessage, type ManagerName, type ServerMessage } from '@shared/agent/protocol';

import { chooseManager } from './installers/index';
import type { Installer, RemovalPlan } from './installers/installer';
import type { Lane } from './lane';
import { oneLine } from './safe-text';

type RemovalCheck = Extract<ServerMessage, { type: 'removal.check' }>;
export type RemovalPlanMessage = Extract<AgentMessage, { type: 'removal.plan' }>;

/** Room left in a frame for the list after the rest of the message. */
const FRAME_BUDGET = AGENT_MESSAGE_MAX_BYTES - 2_048;

/**
 * Answers "what would uninstalling this app remove?" by asking the package manager that would
 * do it, the same one a job would choose; nothing on the machine changes. It runs in the lane,
 * after any package-manager call already running, so it reads a settled system.
 */
export async function answerRemovalCheck(
  check: RemovalCheck,
  options: { installers: ReadonlyMap<ManagerName, Installer>; platform: NodeJS.Platform; lane: Lane },
): Promise<RemovalPlanMessage> {
  const base = { type: 'removal.plan' as const, checkId: check.checkId };
  const chosen = chooseManager(check.item.packages, [...options.installers.keys()], options.platform);
  const installer = chosen ? options.installers.get(chosen.manager) : undefined;
  if (!chosen || !installer)
    return { ...base, manager: null, packageId: null, installedVersion: null, removes: [], refused: null, purgeOffered: false };
  let plan: RemovalPlan;
  try {
    plan = await options.lane.run(() => installer.removalPlan(chosen.id));
  } catch (error) {
    plan = { installedVersion: null, removes: [], refused: `The agent could not ask ${installer.name}: ${(error as Error).message}` };
  }
  const answer = fitted(chosen.id.name, plan);
  // Offered only for a removal the agent would do.
  const purgeOffered = answer.refused === null && answer.installedVersion !== null && installer.canPurge?.(chosen.id) === true;
  return { ...base, manager: installer.name, packageId: chosen.id.name, ...answer, purgeOffered };
}

/**
 * The plan as the protocol carries it. A removal too large to list in one frame is refused
 * rather than shown in part: nothing is removed that the person could not see.
 */
function fitted(name: string, plan: RemovalPlan): Pick<RemovalPlanMessage, 'installedVersion' | 'removes' | 'refused'> {
  const removes = plan.removes.map((entry) => ({ name: oneLine(entry.name, 255), version: oneLine(entry.version, 100) }));
  const installedVersion = plan.installedVersion === null ? null : oneLine(plan.installedVersion, 100);
  const refused = plan.refused === null ? null : oneLine(plan.refused, 500);
  if (removes.length <= REMOVAL_LIST_MAX && JSON.stringify(removes).length <= FRAME_BUDGET) return { installedVersion, removes, refused };
  const kept: typeof removes = [];
  let size = 0;
  for (const entry of removes.slice(0, REMOVAL_LIST_MAX)) {
    size += JSON.stringify(entry).length + 1;
    if (size > FRAME_BUDGET) break;
    kept.push(entry);
  }
  return {
    installedVersion,
    removes: kept,
    refused: `Removing ${name} would take ${removes.length} packages with it, more than Loadout lists at once: the agent does not remove it`,
  };
}
