import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs due plan changes (scheduled downgrades, lapsed paid plans) every `intervalMs` on an
 * unref'd timer. Several processes may run one each: SubscriptionService.applyDueChanges
 * takes a database lease and claims each change with a conditional update.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly applyDueChanges: () => Promise<number>,
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
    this.running = this.applyDueChanges()
      .then((applied) => {
        if (applied > 0) this.log.info({ applied }, 'plan changes applied');
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'applying plan changes failed'))
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
