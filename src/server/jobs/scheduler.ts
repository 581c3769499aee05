import type { FastifyBaseLogger } from 'fastify';

/** One periodic task: returns how many things it changed (for the log). */
export interface ScheduledTask {
  /** For the log: "plan changes applied". */
  name: string;
  run: () => Promise<number>;
}

/**
 * Runs its tasks one after the other every `intervalMs` on an unref'd timer; each fails alone.
 * Several processes may run one each: every task takes a database lease of its own and
 * claims its changes with conditional statements (SubscriptionService.applyDueChanges,
 * HistoryService.prune).
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly tasks: readonly ScheduledTask[],
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 60_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs).unref();
  }

  /** One run now; a run still going is not started twice in this process. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.runAll().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async runAll(): Promise<void> {
    for (const task of this.tasks) {
      try {
        const count = await task.run();
        if (count > 0) this.log.info({ count }, `${task.name}: ${count}`);
      } catch (error) {
        this.log.warn({ err: error }, `${task.name} failed`);
      }
    }
  }
}
