import type { AppContext } from '../context';
import { promoteAdmins } from '../db/repositories/users.repository';

/** Accounts named in ADMIN_EMAILS are admins; applied at every start (DESIGN §2). */
export async function promoteConfiguredAdmins(ctx: AppContext): Promise<void> {
  await promoteAdmins(ctx.db, ctx.config.adminEmails, ctx.clock.now().toISOString());
}
