import type { JobKind } from '@shared/agent/protocol';
import type { AgentEvent } from '@shared/desktop/bridge';

export interface JobNotification {
  title: string;
  body: string;
}

const NOUN: Record<JobKind, string> = { install: 'Installation', upgrade: 'Update', uninstall: 'Removal' };
const DONE: Record<JobKind, string> = { install: 'installed', upgrade: 'updated', uninstall: 'removed' };

const apps = (count: number): string => `${count} ${count === 1 ? 'app' : 'apps'}`;

/** The OS notification for an installation on this computer that finished or failed. */
export function jobNotification(event: Extract<AgentEvent, { type: 'job.finished' }>): JobNotification {
  const { kind, total, tally } = event;
  const parts: string[] = [];
  if (tally.succeeded > 0) parts.push(`${apps(tally.succeeded)} ${DONE[kind]}`);
  if (tally.skipped > 0) parts.push(`${tally.skipped} skipped`);
  if (tally.failed > 0) parts.push(`${tally.failed} failed`);
  const unfinished = total - tally.succeeded - tally.skipped - tally.failed;
  if (unfinished > 0) parts.push(`${unfinished} cancelled`);
  const body = parts.length > 0 ? `${parts.join(', ')}.` : 'Nothing to do.';
  if (tally.failed > 0) return { title: `${NOUN[kind]} failed on this computer`, body: `${body} Open Loadout to see why.` };
  return { title: `${NOUN[kind]} finished on this computer`, body };
}
