import type { AdminStats, AdminUser } from '@shared/api/admin';
import { ErrorCode } from '@shared/api/errors';
import { normalizePlanId } from '@shared/plans';

import { isoNow, type AppContext } from '../context';
import { catalogueCounts } from '../db/repositories/catalogue.repository';
import { countFeedback } from '../db/repositories/feedback.repository';
import { countAllLists } from '../db/repositories/lists.repository';
import {
  countAdmins,
  countUsers,
  findUserById,
  lockAdminChanges,
  promoteAdmins,
  searchUsers,
  updateUser,
} from '../db/repositories/users.repository';
import { conflict, notFound } from '../errors';
import { toUser } from './account.service';

/** The console shows at most this many users; the search narrows it down. */
export const ADMIN_USERS_PAGE = 100;

/** Accounts named in ADMIN_EMAILS are admins; applied at every start. */
export async function promoteConfiguredAdmins(ctx: AppContext): Promise<void> {
  await promoteAdmins(ctx.db, ctx.authCache, ctx.config.adminEmails, isoNow(ctx.clock));
}

/** The admin console: users (search, grant or revoke admin), feedback, catalogue statistics. */
export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  async users(search: string | undefined): Promise<{ users: AdminUser[]; total: number }> {
    const { rows, total } = await searchUsers(this.ctx.db, search || undefined, ADMIN_USERS_PAGE);
    return {
      total,
      users: rows.map((row) => ({
        ...toUser(row),
        plan: normalizePlanId(row.plan) ?? 'free',
        listCount: row.list_count,
        createdAt: row.created_at,
      })),
    };
  }

  /**
   * Grants or revokes admin. The last admin cannot be revoked (nobody could grant it back).
   * The change applies from the user's next request: the auth plugin reads the flag each time.
   */
  async setAdmin(userId: string, isAdmin: boolean): Promise<AdminUser> {
    const email = await this.ctx.db.transaction().execute(async (trx) => {
      await lockAdminChanges(trx);
      const user = await findUserById(trx, userId);
      if (!user) throw notFound('User not found');
      if (!isAdmin && user.is_admin === 1 && (await countAdmins(trx)) <= 1) {
        throw conflict('At least one admin must remain.', ErrorCode.LAST_ADMIN);
      }
      await updateUser(trx, this.ctx.authCache, userId, { is_admin: isAdmin ? 1 : 0, updated_at: isoNow(this.ctx.clock) });
      return user.email;
    });
    this.ctx.log.info({ userId, isAdmin }, 'admin flag changed');
    const updated = (await this.users(email)).users.find((candidate) => candidate.id === userId);
    if (!updated) throw notFound('User not found');
    return updated;
  }

  async stats(): Promise<AdminStats> {
    const [users, admins, catalogue, lists, feedback] = await Promise.all([
      countUsers(this.ctx.db),
      countAdmins(this.ctx.db),
      catalogueCounts(this.ctx.db),
      countAllLists(this.ctx.db),
      countFeedback(this.ctx.db),
    ]);
    return {
      users,
      admins,
      categories: catalogue.categories,
      apps: catalogue.apps,
      lists,
      feedback,
      appsPerPlatform: catalogue.perPlatform,
    };
  }
}
