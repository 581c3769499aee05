import type { JobKind } from '../agent/protocol';

/** What the agent does to each app of a job, as the tray and the Devices screen say it. */
export const JOB_VERB: Readonly<Record<JobKind, string>> = { install: 'Installing', upgrade: 'Updating', uninstall: 'Removing' };

/**
 * "Installing 2 of 5": the app being worked on, counted from one (after the last app, the last
 * one). The same words in the tray and in the window, so the two never disagree.
 */
export function jobProgressText(job: { kind: JobKind; done: number; total: number }): string {
  return `${JOB_VERB[job.kind]} ${Math.min(job.done + 1, job.total)} of ${job.total}`;
}
