import type { AgentMessage } from '@shared/agent/protocol';

import { emptyRecord, REMEMBERED_JOBS, type JobRecord, type Outcomes } from './outcome-store';
import type { ItemReport } from './report';

/** A report not acknowledged this long on a live connection is sent again (the server may have failed to apply it). */
export const ACK_WAIT_MS = 30_000;

export interface ReportDeliveryOptions {
  /** Hands a message to the connection; it drops numbered messages while offline (they are sent again here). */
  send: (message: AgentMessage) => void;
  /** Writes the records to disk; resolves once written (never rejects). */
  persist: () => Promise<void>;
  now?: () => number;
}

/**
 * Delivers a job's final reports and its job.done exactly once in effect. Each final report
 * gets the next sequence number of its job and is written to disk before it is sent; it stays
 * "unacknowledged" until the server's `report.ack` for that number. After every reconnect, and
 * after ACK_WAIT_MS on a live connection, the unacknowledged ones are sent again, in order.
 * job.done goes only once every final report of the job is acknowledged, so the server never
 * ends a job whose results are still on their way.
 */
export class ReportDelivery {
  /** `jobId seq` → when it was last handed to this connection. */
  private readonly sentAt = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    readonly records: Outcomes,
    private readonly options: ReportDeliveryOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The job's record, created (and the oldest forgotten past REMEMBERED_JOBS) when new. */
  record(jobId: string): JobRecord {
    let record = this.records.get(jobId);
    if (!record) {
      record = emptyRecord();
      this.records.set(jobId, record);
      const oldest = this.records.keys().next().value;
      if (this.records.size > REMEMBERED_JOBS && oldest !== undefined) this.records.delete(oldest);
    }
    return record;
  }

  /** Numbers, keeps on disk, then sends one app's final report. */
  async final(report: ItemReport): Promise<void> {
    const record = this.record(report.jobId);
    const numbered: ItemReport = { ...report, seq: nextSeq(record) };
    record.reports.set(report.itemId, numbered);
    // Kept before it is sent: after a crash from here on the report is sent again, the app not run again.
    await this.options.persist();
    this.transmit(report.jobId, numbered);
  }

  /**
   * Notes on disk that the app's call is about to begin; true when an earlier run of this agent
   * had noted it and never reported the app (it was killed in the middle of the call).
   */
  async starting(jobId: string, itemId: string): Promise<boolean> {
    const record = this.record(jobId);
    if (record.started.has(itemId)) return true;
    record.started.add(itemId);
    await this.options.persist();
    return false;
  }

  /** Sends a report already kept again (the server asked for the job again). */
  resend(jobId: string, itemId: string): void {
    const report = this.records.get(jobId)?.reports.get(itemId);
    if (report) this.transmit(jobId, report);
  }

  /** The agent went through the job: job.done follows once every final report is acknowledged. */
  async done(jobId: string): Promise<void> {
    const record = this.record(jobId);
    record.done = { seq: nextSeq(record, false), acked: false };
    await this.options.persist();
    this.sendDoneWhenDue(jobId, record);
  }

  /** The server's `report.ack`. */
  acknowledged(jobId: string, seq: number): void {
    const record = this.records.get(jobId);
    if (!record) return;
    this.sentAt.delete(`${jobId} ${seq}`);
    if (record.done?.seq === seq) record.done.acked = true;
    else record.acked.add(seq);
    void this.options.persist();
    this.sendDoneWhenDue(jobId, record);
  }

  /** A new connection: everything unacknowledged again, oldest job first, each job's reports in order. */
  reconnected(): void {
    this.sentAt.clear();
    this.resendWhere(() => true);
  }

  /** On a live connection: what has waited ACK_WAIT_MS for its acknowledgement goes again. */
  resendOverdue(): void {
    const due = this.now() - ACK_WAIT_MS;
    this.resendWhere((jobId, seq) => (this.sentAt.get(`${jobId} ${seq}`) ?? 0) <= due);
  }

  /** Whether nothing waits for an acknowledgement (tests, status). */
  get settled(): boolean {
    return [...this.records.values()].every((record) => unacknowledged(record).length === 0 && (record.done?.acked ?? true));
  }

  private resendWhere(isDue: (jobId: string, seq: number) => boolean): void {
    for (const [jobId, record] of this.records) {
      for (const report of unacknowledged(record)) if (isDue(jobId, report.seq!)) this.transmit(jobId, report);
      if (record.done && !record.done.acked && isDue(jobId, record.done.seq)) this.sentAt.delete(`${jobId} ${record.done.seq}`);
      this.sendDoneWhenDue(jobId, record);
    }
  }

  private sendDoneWhenDue(jobId: string, record: JobRecord): void {
    const { done } = record;
    if (!done || done.acked || this.sentAt.has(`${jobId} ${done.seq}`) || unacknowledged(record).length > 0) return;
    this.transmit(jobId, { type: 'job.done', jobId, seq: done.seq });
  }

  private transmit(jobId: string, message: ItemReport | Extract<AgentMessage, { type: 'job.done' }>): void {
    if (message.seq !== undefined) this.sentAt.set(`${jobId} ${message.seq}`, this.now());
    this.options.send(message);
  }
}

/** One more than the job's highest number so far (job.done's counts only when asked to). */
function nextSeq(record: JobRecord, countDone = true): number {
  let highest = 0;
  for (const report of record.reports.values()) highest = Math.max(highest, report.seq ?? 0);
  if (countDone && record.done) highest = Math.max(highest, record.done.seq);
  return highest + 1;
}

function unacknowledged(record: JobRecord): ItemReport[] {
  return [...record.reports.values()]
    .filter((report) => report.seq !== undefined && !record.acked.has(report.seq))
    .sort((a, b) => a.seq! - b.seq!);
}
