import type { Db, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../schema';

// endpoints

export async function insertEndpoint(db: Db, row: WebhookEndpointsTable): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

/** The user's endpoints, oldest first (the order they were added in). */
export function endpointsOf(db: Db, userId: string): Promise<WebhookEndpointsTable[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export function findEndpoint(db: Db, userId: string, id: string): Promise<WebhookEndpointsTable | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function endpointById(db: Db, id: string): Promise<WebhookEndpointsTable | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countEndpoints(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateEndpoint(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Omit<WebhookEndpointsTable, 'id' | 'user_id' | 'created_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The enabled endpoints of a user that subscribed to this event (the JSON array holds the quoted type). */
export function subscribedEndpoints(db: Db, userId: string, eventType: string): Promise<WebhookEndpointsTable[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .where('events', 'like', `%${JSON.stringify(eventType)}%`)
    .execute();
}

/** An attempt failed: the endpoint is failing from now, unless it was already. */
export async function markEndpointFailing(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ failing_since: at }).where('id', '=', id).where('failing_since', 'is', null).execute();
}

export async function markEndpointHealthy(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/**
 * Turns an endpoint off because it kept failing: true for the one call that did (of several
 * processes, one tells the owner).
 */
export async function disableFailingEndpoint(db: Db, id: string, reason: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason, updated_at: at })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// deliveries

export async function insertDeliveries(db: Db, rows: readonly WebhookDeliveriesTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
}

/** Inserts the deliveries not there already (an event told twice has the same ids) and answers the ids it inserted. */
export async function insertNewDeliveries(db: Db, rows: readonly WebhookDeliveriesTable[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return new Set(inserted.map((row) => row.id));
}

/** The events the user's enabled endpoints subscribed to, all together. */
export async function subscribedEventsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('webhook_endpoints').select('events').where('user_id', '=', userId).where('enabled', '=', 1).execute();
  return rows.map((row) => row.events);
}

export function findDelivery(db: Db, userId: string, endpointId: string, id: string): Promise<WebhookDeliveriesTable | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('endpoint_id', '=', endpointId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function deliveryById(db: Db, id: string): Promise<WebhookDeliveriesTable | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of an endpoint's deliveries, newest first, and how many it has. */
export async function deliveriesOf(db: Db, endpointId: string, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The newest delivery of each of these endpoints (the list's "last delivery"). */
export async function lastDeliveriesOf(db: Db, endpointIds: readonly string[]): Promise<Map<string, WebhookDeliveriesTable>> {
  const last = new Map<string, WebhookDeliveriesTable>();
  for (const endpointId of endpointIds) {
    const row = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) last.set(endpointId, row);
  }
  return last;
}

/** Pending deliveries due by `now`, of endpoints that are on, oldest first. */
export function dueDeliveries(db: Db, now: string, limit: number): Promise<Pick<WebhookDeliveriesTable, 'id' | 'next_attempt_at'>[]> {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select(['webhook_deliveries.id', 'webhook_deliveries.next_attempt_at'])
    .where('webhook_deliveries.status', '=', 'pending')
    .where('webhook_deliveries.next_attempt_at', '<=', now)
    .where('webhook_endpoints.enabled', '=', 1)
    .orderBy('webhook_deliveries.next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a pending delivery for one attempt: its next attempt moves to `leaseUntil`, so no
 * other process takes it meanwhile, and one that dies mid-attempt leaves it to be tried again
 * then. False when another claimed it first (its next attempt is no longer `expected`).
 */
export async function claimDelivery(db: Db, id: string, expected: string | null, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recordAttempt(
  db: Db,
  attempt: WebhookAttemptsTable,
  delivery: Pick<WebhookDeliveriesTable, 'status' | 'attempts' | 'next_attempt_at' | 'response_status'>,
): Promise<void> {
  await db.insertInto('webhook_attempts').values(attempt).execute();
  await db.updateTable('webhook_deliveries').set(delivery).where('id', '=', attempt.delivery_id).execute();
}

export function attemptsOf(db: Db, deliveryId: string): Promise<WebhookAttemptsTable[]> {
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('at').orderBy('id').execute();
}

/** An endpoint turned off: its pending deliveries end failed (they can be replayed once it is on again). */
export async function failPendingDeliveries(db: Db, endpointId: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Deliveries older than `before` go, with their attempts. */
export async function pruneDeliveries(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('created_at', '<', before)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
