import { randomBytes } from 'node:crypto';

import type { AppContext } from '../context';
import { acquireLease, releaseLease } from '../db/repositories/leases.repository';

/**
 * A scheduled task's lease: several server processes each run the scheduler, and a task that
 * must not run twice at once takes its lease first (a row in `scheduler_leases`).
 */
export interface Lease {
  name: string;
  /** How long it is held at most: longer than a run; a process that dies holding it blocks the task no longer. */
  ms: number;
  /**
   * `after-run`: released when the run ends, so the next tick (any process) may run it again;
   * `when-expired`: kept until it expires, so the task runs once per `ms` across every process.
   * Either is released at once when the run fails, so the next tick may try again.
   */
  release: 'after-run' | 'when-expired';
}

/**
 * Runs `task` in this process if it takes the lease, and answers `busy` without running it when
 * another process holds it. `task` gets the time the lease was taken at.
 */
export async function withLease<T>(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  lease: Lease,
  busy: T,
  task: (now: Date) => Promise<T>,
): Promise<T> {
  const holder = randomBytes(12).toString('hex');
  const now = ctx.clock.now();
  if (!(await acquireLease(ctx.db, lease.name, holder, now.toISOString(), new Date(now.getTime() + lease.ms).toISOString()))) return busy;
  let finished = false;
  try {
    const result = await task(now);
    finished = true;
    return result;
  } finally {
    if (!finished || lease.release === 'after-run') await releaseLease(ctx.db, lease.name, holder);
  }
}
