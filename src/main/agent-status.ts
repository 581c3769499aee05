import type { AgentMessage, JobKind, ServerMessage } from '@shared/agent/protocol';
import { NOT_ENROLLED, type AgentEvent, type AgentStatus, type JobTally } from '@shared/desktop/bridge';

import type { AgentObserver } from '../agent/agent';

interface TrackedJob {
  kind: JobKind;
  total: number;
  /** Items with a final report, counted once each (a reconnect may repeat reports). */
  finished: Map<string, keyof JobTally>;
}

/** Finished jobs remembered so that a job the server sends again is not announced twice. */
const REMEMBERED_JOBS = 50;

const FINAL_STATUS: Record<string, keyof JobTally | undefined> = { succeeded: 'succeeded', failed: 'failed', skipped: 'skipped' };

/**
 * This computer's agent as people see it (tray, window), worked out from what the agent does:
 * the messages it receives and sends and its connection. Pure bookkeeping, no Electron, so the
 * tray's states are tested by feeding it the protocol's messages.
 */
export class AgentStatusTracker implements AgentObserver {
  private current: AgentStatus = NOT_ENROLLED;
  private online = false;
  private readonly jobs = new Map<string, TrackedJob>();
  /** The job whose apps are being worked on: the one that last reported an app starting. */
  private activeJobId: string | null = null;
  private readonly announced: string[] = [];
  private readonly listeners = new Set<(event: AgentEvent) => void>();

  get status(): AgentStatus {
    return this.current;
  }

  onEvent(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** An enrolment was loaded or made: its agent is starting (offline until welcomed). */
  enrolled(identity: { server: string; deviceId: string; deviceName: string }): void {
    this.reset();
    this.update({ ...NOT_ENROLLED, state: 'offline', paused: this.current.paused, ...identity });
  }

  /** No enrolment (any more); `problem` says why when it was not the person's choice. */
  notEnrolled(problem: string | null = null): void {
    this.reset();
    this.update({ ...NOT_ENROLLED, paused: this.current.paused, problem });
  }

  /** Something needs the person (shown by the tray and the window) without changing the state. */
  problem(problem: string | null): void {
    this.update({ ...this.current, problem });
  }

  /** Another process's agent (the system service) said where it is: shown as it is. */
  replace(status: AgentStatus): void {
    this.reset();
    this.update(status);
  }

  /**
   * Another process's agent finished a job: notified here once. `quietly`: only remembered, for
   * a job that ended before this client was watching (its last one, read at start).
   */
  announce(event: Extract<AgentEvent, { type: 'job.finished' }>, quietly = false): void {
    if (this.announced.includes(event.jobId)) return;
    this.remember(event.jobId);
    if (!quietly) this.emit(event);
  }

  setPaused(paused: boolean): void {
    this.update({ ...this.current, paused });
  }

  connection(online: boolean): void {
    this.online = online;
    if (this.current.state === 'not-enrolled') return;
    this.refresh();
  }

  received(message: ServerMessage): void {
    if (message.type === 'welcome' && this.current.state !== 'not-enrolled') {
      // The server's name for this machine wins: it may have been renamed on the web.
      this.update({ ...this.current, deviceId: message.deviceId, deviceName: message.deviceName });
      return;
    }
    if (message.type !== 'job.assign') return;
    const { job } = message;
    if (this.jobs.has(job.jobId) || this.announced.includes(job.jobId)) return;
    this.jobs.set(job.jobId, { kind: job.kind, total: job.items.length, finished: new Map() });
    this.refresh();
  }

  sent(message: AgentMessage): void {
    if (message.type === 'item.progress') {
      const job = this.jobs.get(message.jobId);
      if (!job) return;
      this.activeJobId = message.jobId;
      const outcome = FINAL_STATUS[message.status];
      if (outcome) job.finished.set(message.itemId, outcome);
      this.refresh();
      return;
    }
    if (message.type !== 'job.done') return;
    const job = this.jobs.get(message.jobId);
    if (!job) return;
    this.jobs.delete(message.jobId);
    if (this.activeJobId === message.jobId) this.activeJobId = null;
    this.remember(message.jobId);
    this.refresh();
    const tally: JobTally = { succeeded: 0, failed: 0, skipped: 0 };
    for (const outcome of job.finished.values()) tally[outcome] += 1;
    this.emit({ type: 'job.finished', jobId: message.jobId, kind: job.kind, total: job.total, tally });
  }

  private refresh(): void {
    if (this.current.state === 'not-enrolled') return;
    const jobId = this.activeJobId ?? this.jobs.keys().next().value ?? null;
    const job = jobId === null ? undefined : this.jobs.get(jobId);
    if (job && jobId !== null) {
      this.update({ ...this.current, state: 'installing', job: { jobId, kind: job.kind, done: job.finished.size, total: job.total } });
    } else {
      this.update({ ...this.current, state: this.online ? 'online' : 'offline', job: null });
    }
  }

  private remember(jobId: string): void {
    this.announced.push(jobId);
    if (this.announced.length > REMEMBERED_JOBS) this.announced.shift();
  }

  private reset(): void {
    this.online = false;
    this.jobs.clear();
    this.activeJobId = null;
  }

  private update(next: AgentStatus): void {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    this.emit({ type: 'status', status: next });
  }

  private emit(event: AgentEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
