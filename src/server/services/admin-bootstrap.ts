import type { AppContext } from '../context';

/** Accounts named in ADMIN_EMAILS are admins; applied at every start (DESIGN §2). */
export async function promoteConfiguredAdmins(ctx: AppContext): Promise<void> {
  if (ctx.config.adminEmails.length === 0) return;
  await ctx.db
    .updateTable('users')
    .set({ is_admin: 1, updated_at: ctx.clock.now().toISOString() })
    .where('email', 'in', ctx.config.adminEmails)
    .where('is_admin', '=', 0)
    .execute();
}
