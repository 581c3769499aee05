/**
 * Kysely table types. Portable storage conventions (docs/patterns.md): ids are text UUIDs,
 * timestamps are ISO-8601 UTC text (sortable on both databases), booleans are 0/1 integers.
 */
export type Timestamp = string;
export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  career_field: string | null;
  date_of_birth: string | null;
  receive_emails: Flag;
  terms_accepted_at: Timestamp | null;
  is_email_verified: Flag;
  is_admin: Flag;
  google_sub: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One signed-in session: a family of rotated refresh tokens. Revoking it ends the session. */
export interface SessionsTable {
  id: string;
  user_id: string;
  device_id: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set when rotated; presenting it again is reuse and revokes the session. */
  used_at: Timestamp | null;
}

export type EmailTokenPurpose = 'verify' | 'reset';

export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  /** The address the link was sent to: verifying it verifies that address only. */
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SubscriptionsTable {
  user_id: string;
  plan: string;
  status: 'active' | 'downgrade';
  pending_plan: string | null;
  valid_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** sent: handed to SMTP; logged: no SMTP configured, kept here and logged; failed: SMTP refused. */
  status: 'sent' | 'logged' | 'failed';
  error: string | null;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  subscriptions: SubscriptionsTable;
  outbox: OutboxTable;
}
