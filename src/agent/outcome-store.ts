import { join } from 'node:path';
import { z } from 'zod';

import { agentMessageSchema } from '@shared/agent/protocol';

import { readJsonFile, writePrivateJson } from './config-store';
import type { Logger } from './log';
import type { ItemReport } from './report';

/** How many finished jobs' outcomes are remembered, to answer a job the server sends again. */
export const REMEMBERED_JOBS = 50;

export const OUTCOMES_FILE = 'job-outcomes.json';

/** jobId → itemId → the final report sent for it, oldest job first. */
export type Outcomes = Map<string, Map<string, ItemReport>>;

const fileSchema = z.object({
  version: z.literal(1),
  jobs: z.array(z.object({ jobId: z.string(), reports: z.array(z.unknown()) })),
});

/**
 * The final reports of the last jobs, kept in the config folder so that an agent that restarts
 * re-sends what it did instead of running the apps again (an app it had just installed would
 * then read "Already installed" instead of "Installed").
 */
export class OutcomeStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    readonly dir: string,
    private readonly loaded: Outcomes,
    private readonly log: Logger,
  ) {}

  get file(): string {
    return join(this.dir, OUTCOMES_FILE);
  }

  /** Reads the file once; a missing one starts empty, so does a damaged one (with a warning). */
  static async open(dir: string, log: Logger): Promise<OutcomeStore> {
    const file = join(dir, OUTCOMES_FILE);
    let outcomes: Outcomes = new Map();
    try {
      outcomes = parseOutcomes(await readJsonFile(file, (message) => new Error(message), 'starting afresh'), file);
    } catch (error) {
      log.warn(`Finished jobs from before this start are forgotten: ${(error as Error).message}`);
    }
    return new OutcomeStore(dir, outcomes, log);
  }

  /** What the file held when it was opened. */
  outcomes(): Outcomes {
    return this.loaded;
  }

  /**
   * Writes the last REMEMBERED_JOBS jobs that have a final report (temporary file, then rename).
   * Never rejects: a failed write is logged, and the job goes on.
   */
  save(outcomes: Outcomes): Promise<void> {
    const jobs = [...outcomes]
      .filter(([, reports]) => reports.size > 0)
      .slice(-REMEMBERED_JOBS)
      .map(([jobId, reports]) => ({ jobId, reports: [...reports.values()] }));
    // One write at a time, in order: the last one holds the newest reports.
    this.writing = this.writing
      .then(() => writePrivateJson(this.dir, OUTCOMES_FILE, { version: 1, jobs }))
      .catch((error: unknown) => {
        this.log.warn(`Could not remember finished jobs in ${this.file}: ${(error as Error).message}`);
      });
    return this.writing;
  }
}

function parseOutcomes(json: unknown, file: string): Outcomes {
  const outcomes: Outcomes = new Map();
  if (json === null) return outcomes;
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is damaged: starting afresh`);
  for (const { jobId, reports } of parsed.data.jobs.slice(-REMEMBERED_JOBS)) {
    const byItem = new Map<string, ItemReport>();
    for (const candidate of reports) {
      const report = agentMessageSchema.safeParse(candidate);
      if (!report.success || report.data.type !== 'item.progress' || report.data.jobId !== jobId) {
        throw new Error(`${file} is damaged: starting afresh`);
      }
      if (report.data.status !== 'installing') byItem.set(report.data.itemId, report.data);
    }
    outcomes.set(jobId, byItem);
  }
  return outcomes;
}
