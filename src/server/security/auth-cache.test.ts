import { describe, expect, it } from 'vitest';

import { LocalEventBus, type BusEvent } from '../bus/event-bus';
import type { SessionFacts } from '../db/auth-changes';
import type { Db } from '../db/schema';
import { AuthCache } from './auth-cache';

/** A bus that holds what is published "in a transaction" until the test commits it, as PostgreSQL does. */
class CommittingBus extends LocalEventBus {
  private held: BusEvent[] = [];

  override async publishWith(_db: Db, event: BusEvent): Promise<void> {
    this.held.push(event);
  }

  commit(): void {
    for (const event of this.held.splice(0)) this.emitter.emit('event', event);
  }

  /** What the PostgreSQL bus says after its listening connection came back. */
  resync(): void {
    this.emitter.emit('event', { type: 'resync' } satisfies BusEvent);
  }
}

const db = {} as Db;

function facts(sessionId: string, userId: string, firstName = 'Ada'): SessionFacts {
  return {
    session_id: sessionId,
    revoked_at: null,
    revoked_reason: null,
    session_device_id: null,
    user_id: userId,
    email: `${userId}@example.test`,
    first_name: firstName,
    last_name: 'Lovelace',
    is_email_verified: 1,
    is_admin: 0,
    plan: 'free',
  };
}

function world() {
  const bus = new CommittingBus();
  let now = 0;
  const cache = new AuthCache(bus, () => now);
  const rows = new Map<string, SessionFacts>([
    ['s1', facts('s1', 'u1')],
    ['s2', facts('s2', 'u1')],
    ['s3', facts('s3', 'u2')],
  ]);
  const loads: string[] = [];
  const read = (sessionId: string) =>
    cache.facts(sessionId, async () => {
      loads.push(sessionId);
      return rows.get(sessionId);
    });
  return { bus, cache, rows, loads, read, advance: (ms: number) => (now += ms) };
}

describe('the sign-in cache', () => {
  it('asks the database once while the facts are fresh, and again after a few seconds', async () => {
    const { read, loads, advance } = world();
    await read('s1');
    await read('s1');
    expect(loads).toEqual(['s1']);
    advance(5_000);
    await read('s1');
    expect(loads).toEqual(['s1', 's1']);
  });

  it('keeps nothing for a session the database does not know', async () => {
    const { read, loads } = world();
    expect(await read('nope')).toBeUndefined();
    await read('nope');
    expect(loads).toEqual(['nope', 'nope']);
  });

  it('forgets a revoked session at once, and every session of a changed user but not of others', async () => {
    const { cache, bus, read, loads, rows } = world();
    for (const id of ['s1', 's2', 's3']) await read(id);
    rows.set('s1', { ...facts('s1', 'u1'), revoked_at: '2026-11-24T00:00:00.000Z' });
    await cache.changed(db, { sessionId: 's1' });
    bus.commit();
    expect((await read('s1'))?.revoked_at).toBe('2026-11-24T00:00:00.000Z');
    expect(loads).toEqual(['s1', 's2', 's3', 's1']);

    rows.set('s2', facts('s2', 'u1', 'Grace'));
    await cache.changed(db, { userId: 'u1' });
    bus.commit();
    expect((await read('s2'))?.first_name).toBe('Grace');
    await read('s3');
    expect(loads).toEqual(['s1', 's2', 's3', 's1', 's2']);
  });

  it('stores nothing about a change until it is committed, so the state before the commit is never kept', async () => {
    const { cache, bus, read, loads } = world();
    await read('s1');
    await cache.changed(db, { userId: 'u1' });
    // Another request reads before the commit (PostgreSQL shows it the old row): not kept.
    await read('s1');
    await read('s1');
    expect(loads).toEqual(['s1', 's1', 's1']);
    bus.commit();
    await read('s1');
    await read('s1');
    expect(loads).toEqual(['s1', 's1', 's1', 's1']);
  });

  it('does not keep what a read loaded while a change happened', async () => {
    const { cache, bus, read, rows } = world();
    let release: () => void = () => undefined;
    const slow = cache.facts('s1', async () => {
      const before = rows.get('s1');
      await new Promise<void>((resolve) => (release = resolve));
      return before;
    });
    rows.set('s1', facts('s1', 'u1', 'Grace'));
    await cache.changed(db, { userId: 'u1' });
    bus.commit();
    release();
    expect((await slow)?.first_name).toBe('Ada');
    expect((await read('s1'))?.first_name).toBe('Grace');
  });

  it('forgets everything when another process may have told it something it missed', async () => {
    const { bus, read, loads } = world();
    await read('s1');
    await read('s3');
    bus.resync();
    await read('s1');
    await read('s3');
    expect(loads).toEqual(['s1', 's3', 's1', 's3']);
  });

  it('a change that is rolled back keeps its sessions out only for a few seconds', async () => {
    const { cache, read, loads, advance } = world();
    await cache.changed(db, { userId: 'u1' });
    await read('s1');
    await read('s1');
    expect(loads).toEqual(['s1', 's1']);
    advance(5_000);
    await read('s1');
    await read('s1');
    expect(loads).toEqual(['s1', 's1', 's1']);
  });
});
