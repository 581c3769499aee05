import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { User } from '@shared/api/user';
import type { Plan } from '@shared/plans';

import type { BackgroundTasks } from './background';
import type { EventBus } from './bus/event-bus';
import type { Clock } from './clock';
import type { Config } from './config';
import type { DatabaseKind } from './db/dialect';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { AuthCache } from './security/auth-cache';
import type { AccessTokens } from './security/jwt';
import type { CatalogueSnapshot } from './services/catalogue-snapshot';

/** What services are built from: one per app instance, no globals. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  clock: Clock;
  mailer: Mailer;
  /** Work done after the answer (see background.ts). */
  tasks: BackgroundTasks;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
  /** Tells every server process what changed (in-process on SQLite, LISTEN/NOTIFY on PostgreSQL). */
  bus: EventBus;
  /** Who is behind a session, kept a few seconds; repositories that change it tell it (security/auth-cache.ts). */
  authCache: AuthCache;
  /** The catalogue as this process last read it; whoever changes the catalogue tells it (services/catalogue-snapshot.ts). */
  catalogue: CatalogueSnapshot;
}

/**
 * Who a call comes from: the signed-in user, its session (or personal API key) and the session's
 * device. Routes get it with `callerOf(request)` (plugins/auth.ts).
 */
export interface Caller {
  userId: string;
  /** null when the call came with a personal API key: there is no session to end or keep. */
  sessionId: string | null;
  /** The personal API key the call came with (null for a signed-in session). */
  apiKeyId: string | null;
  user: User;
  /** The user's plan as this request began. */
  plan: Plan;
  /**
   * The device this session belongs to: the one it registered, or whose secret it showed at
   * sign-in. Null for an API key, the server acting for a user, and a browser that has not
   * proved it is any device. Everything that needs "the calling device" reads this.
   */
  deviceId: string | null;
  /**
   * The device the X-Device-ID header names. Anyone can send any id, so it is only what an
   * unregistered browser says it is: read for its registration check and registration, never
   * for a right.
   */
  claimedDeviceId: string | null;
}

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

export function isoAfter(clock: Clock, milliseconds: number): string {
  return new Date(clock.now().getTime() + milliseconds).toISOString();
}
