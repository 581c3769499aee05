import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not be part of an answer's timing: a reset request for a known address and
 * for an unknown one are answered after the same steps, and the lookup and mail happen after.
 * Failures are logged; shutdown waits for what is still running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `task` on a later turn of the event loop, once the current request has been answered. */
  defer(name: string, task: () => Promise<void>): void {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async flush(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
