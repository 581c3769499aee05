import type { Db, Flag } from './schema';

/** Whose sign-in facts changed: one session, every session of one user, or everyone's. */
export type AuthTarget = { sessionId: string } | { userId: string } | { everyone: true };

/**
 * What a repository calls, in the writer's transaction, right after it changes a session, a
 * user or a plan: the one way what security/auth-cache.ts keeps learns of it.
 */
export interface AuthChanges {
  changed(db: Db, target: AuthTarget): Promise<void>;
}

/** What an authenticated request needs about its session: who, whether it still counts, and the plan. */
export interface SessionFacts {
  session_id: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  /** The device this session proved it is (registered it, or signed in with its secret). */
  session_device_id: string | null;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_email_verified: Flag;
  is_admin: Flag;
  plan: string | null;
}
