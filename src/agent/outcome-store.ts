import { join } from 'node:path';
import { z } from 'zod';

import { agentMessageSchema } from '@shared/agent/protocol';
import { isFinalItem } from '@shared/installation-states';

import { readJsonFile, writePrivateJson } from './config-store';
import type { Logger } from './log';
import type { ItemReport } from './report';

/** How many finished jobs' outcomes are remembered, to answer a job the server sends again. */
export const REMEMBERED_JOBS = 50;

export const OUTCOMES_FILE = 'job-outcomes.json';

/** What the agent did in one job and how far the server has acknowledged it. */
export interface JobRecord {
  /** itemId → the final report sent for it (with its sequence number). */
  reports: Map<string, ItemReport>;
  /** Sequence numbers the server acknowledged. */
  acked: Set<number>;
  /** job.done, once the agent went through the job. */
  done: { seq: number; acked: boolean } | null;
  /** Apps whose package-manager call began (written before it starts): one with no report was cut off. */
  started: Set<string>;
}

/** jobId → its record, oldest job first. */
export type Outcomes = Map<string, JobRecord>;

export function emptyRecord(): JobRecord {
  return { reports: new Map(), acked: new Set(), done: null, started: new Set() };
}

const seqSchema = z.number().int().positive();
const fileSchema = z.discriminatedUnion('version', [
  // Written before reports had sequence numbers: all of it reached the server as far as anyone knows.
  z.object({ version: z.literal(1), jobs: z.array(z.object({ jobId: z.string(), reports: z.array(z.unknown()) })) }),
  z.object({
    version: z.literal(2),
    jobs: z.array(
      z.object({
        jobId: z.string(),
        reports: z.array(z.unknown()),
        acked: z.array(seqSchema),
        done: z.object({ seq: seqSchema, acked: z.boolean() }).nullable(),
        started: z.array(z.string()).max(1_000).default([]),
      }),
    ),
  }),
]);

/**
 * The final reports of the last jobs and what the server acknowledged of them, kept in the
 * config folder so that an agent that restarts re-sends what it did instead of running the apps
 * again (an app it had just installed would then read "Already installed" instead of
 * "Installed"), and still delivers what the server had not acknowledged.
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

  /** Resolves once every write asked for so far is on disk. */
  flushed(): Promise<void> {
    return this.writing;
  }

  /**
   * Writes the last REMEMBERED_JOBS jobs that have a final report (temporary file, then rename).
   * Never rejects: a failed write is logged, and the job goes on.
   */
  save(outcomes: Outcomes): Promise<void> {
    const jobs = [...outcomes]
      .filter(([, record]) => record.reports.size > 0 || record.done || record.started.size > 0)
      .slice(-REMEMBERED_JOBS)
      .map(([jobId, record]) => ({
        jobId,
        reports: [...record.reports.values()],
        acked: [...record.acked],
        done: record.done,
        // Only the apps cut off: the reported ones say the rest.
        started: [...record.started].filter((itemId) => !record.reports.has(itemId)),
      }));
    // One write at a time, in order: the last one holds the newest reports.
    this.writing = this.writing
      .then(() => writePrivateJson(this.dir, OUTCOMES_FILE, { version: 2, jobs }))
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
  for (const job of parsed.data.jobs.slice(-REMEMBERED_JOBS)) {
    const record = emptyRecord();
    for (const candidate of job.reports) {
      const report = agentMessageSchema.safeParse(candidate);
      if (!report.success || report.data.type !== 'item.progress' || report.data.jobId !== job.jobId) {
        throw new Error(`${file} is damaged: starting afresh`);
      }
      if (isFinalItem(report.data.status)) record.reports.set(report.data.itemId, report.data);
    }
    if (parsed.data.version === 2) {
      const entry = job as Extract<typeof parsed.data, { version: 2 }>['jobs'][number];
      record.acked = new Set(entry.acked);
      record.done = entry.done;
      record.started = new Set(entry.started);
    } else {
      // Numbered now, and taken as delivered: the agent that wrote them sent each when it happened.
      let seq = 0;
      for (const [itemId, report] of record.reports) record.reports.set(itemId, { ...report, seq: (seq += 1) });
      record.acked = new Set(Array.from({ length: seq }, (_, index) => index + 1));
    }
    outcomes.set(job.jobId, record);
  }
  return outcomes;
}
