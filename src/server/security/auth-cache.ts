import type { BusEvent, EventBus } from '../bus/event-bus';
import type { AuthChanges, AuthTarget, SessionFacts } from '../db/auth-changes';
import type { Db } from '../db/schema';

interface Entry {
  facts: SessionFacts;
  storedAtMs: number;
}

/** A safety net only: every write that matters says so at once (AuthChanges). */
export const AUTH_CACHE_TTL_MS = 5_000;
export const AUTH_CACHE_ENTRIES = 10_000;

/**
 * The session, user and plan behind access tokens, kept a few seconds so that an authenticated
 * read does not ask the database who is calling (measured: the largest share of its time; see
 * docs/patterns.md, "The sign-in cache").
 *
 * Correctness first: a revoked session must be refused on its very next request, and a changed
 * user or plan be seen on it.
 * - Every write to sessions, users or subscriptions that the cache holds goes through a
 *   repository function that calls `changed(trx, …)` right after it. That drops the entries
 *   here at once and marks them changing, so that no read stores them again until the change
 *   is committed. It then tells every process over the bus *inside the writer's transaction*:
 *   PostgreSQL delivers a NOTIFY at commit (never on rollback), so when it arrives the change
 *   is visible, and each process drops its entries and stops marking them.
 * - A read stores what it loaded only if no change happened while it loaded (`epoch`).
 * - On SQLite one connection runs one transaction at a time, so no read sees the state
 *   between the write and its commit; the local bus delivers at once.
 * - Other processes hear of a change when its NOTIFY arrives, a millisecond or so after the
 *   commit; when the listening connection was lost, they forget everything (`resync`).
 * Entries are kept by session id, so a token only ever reaches its own session's facts (the
 * caller still checks the token's user against them); the TTL is measured on the process's
 * own monotonic clock, not the injected one.
 */
export class AuthCache implements AuthChanges {
  private readonly entries = new Map<string, Entry>();
  /** Changes not yet known committed: until when (ms) nothing about them is stored. */
  private readonly changingUsers = new Map<string, number>();
  private readonly changingSessions = new Map<string, number>();
  private everyoneChangingUntil = 0;
  private epoch = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly nowMs: () => number = () => performance.now(),
    private readonly ttlMs = AUTH_CACHE_TTL_MS,
    private readonly capacity = AUTH_CACHE_ENTRIES,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.onEvent(event));
  }

  /** The facts of a session: kept ones while fresh, else `load()`'s, kept when nothing changed meanwhile. */
  async facts(sessionId: string, load: () => Promise<SessionFacts | undefined>): Promise<SessionFacts | undefined> {
    const kept = this.fresh(sessionId);
    if (kept) return kept;
    const epoch = this.epoch;
    const facts = await load();
    if (facts && epoch === this.epoch && !this.isChanging(facts)) this.store(facts);
    return facts;
  }

  /** The kept facts of a session while fresh, without a promise (every signed-in request asks); else undefined. */
  fresh(sessionId: string): SessionFacts | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.nowMs() - entry.storedAtMs < this.ttlMs) return entry.facts;
    this.entries.delete(sessionId);
    return undefined;
  }

  async changed(db: Db, target: AuthTarget): Promise<void> {
    this.forget(target, this.nowMs() + this.ttlMs);
    await this.bus.publishWith(db, { type: 'auth.changed', target });
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }

  private onEvent(event: BusEvent): void {
    if (event.type === 'auth.changed') this.forget(event.target, null);
    else if (event.type === 'resync') this.forget({ everyone: true }, null);
  }

  /** Drops the target's entries; `changingUntil`: keep them out until then (null: the change is committed). */
  private forget(target: AuthTarget, changingUntil: number | null): void {
    this.epoch += 1;
    if ('everyone' in target) {
      this.entries.clear();
      this.everyoneChangingUntil = changingUntil ?? 0;
    } else if ('sessionId' in target) {
      this.entries.delete(target.sessionId);
      this.mark(this.changingSessions, target.sessionId, changingUntil);
    } else {
      for (const [sessionId, entry] of this.entries) if (entry.facts.user_id === target.userId) this.entries.delete(sessionId);
      this.mark(this.changingUsers, target.userId, changingUntil);
    }
  }

  private mark(changing: Map<string, number>, key: string, until: number | null): void {
    if (until === null) {
      changing.delete(key);
      return;
    }
    changing.set(key, until);
    // A change whose commit we never hear of (rolled back, or the listener was away) is let go once past.
    if (changing.size > this.capacity) {
      const now = this.nowMs();
      for (const [other, otherUntil] of changing) if (otherUntil <= now) changing.delete(other);
    }
  }

  private isChanging(facts: SessionFacts): boolean {
    const now = this.nowMs();
    return (
      now < this.everyoneChangingUntil ||
      now < (this.changingUsers.get(facts.user_id) ?? 0) ||
      now < (this.changingSessions.get(facts.session_id) ?? 0)
    );
  }

  private store(facts: SessionFacts): void {
    this.entries.delete(facts.session_id);
    this.entries.set(facts.session_id, { facts, storedAtMs: this.nowMs() });
    // A Map keeps insertion order: the first entry is the one stored longest ago.
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
