import type { AgentMessage, ManagerName, ReportedItemStatus } from '@shared/agent/protocol';

import type { InstallOutcome } from './installers/installer';
import { logText, oneLine } from './safe-text';

const MESSAGE_MAX = 500;
const VERSION_MAX = 100;

export type ItemReport = Extract<AgentMessage, { type: 'item.progress' }>;

export function itemReport(
  ids: { jobId: string; itemId: string },
  status: ReportedItemStatus,
  manager: ManagerName | null,
  outcome: Partial<InstallOutcome> & { message: string },
): ItemReport {
  return {
    type: 'item.progress',
    jobId: ids.jobId,
    itemId: ids.itemId,
    status,
    manager,
    version: outcome.version ? oneLine(outcome.version, VERSION_MAX) || null : null,
    exitCode: outcome.exitCode ?? null,
    message: oneLine(outcome.message, MESSAGE_MAX),
    log: logText(outcome.log ?? ''),
  };
}
