import type { HealthResponse } from '@shared/api/health';

import type { AppContext } from '../context';
import { pingDatabase } from '../db/repositories/health.repository';

export class HealthService {
  constructor(private readonly ctx: AppContext) {}

  /** Throws (→ 500) when the database does not answer, so a load balancer takes us out. */
  async status(): Promise<HealthResponse> {
    await pingDatabase(this.ctx.db);
    return { status: 'ok', database: this.ctx.dbKind, version: this.ctx.config.version, uptimeSeconds: Math.round(process.uptime()) };
  }
}
