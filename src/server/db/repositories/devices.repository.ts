import type { Insertable, Transaction, Updateable } from 'kysely';

import type { AuthChanges } from '../auth-changes';
import { kindOf } from '../dialect';
import { precompiled } from '../precompiled';
import type { Database, Db, DevicesTable } from '../schema';

/** Every query is scoped by owner: another user's device id is simply not found. */
export function findDevice(db: Db, userId: string, deviceId: string) {
  return db.selectFrom('devices').selectAll().where('user_id', '=', userId).where('device_id', '=', deviceId).executeTakeFirst();
}

export function findActiveDevice(db: Db, userId: string, deviceId: string) {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/**
 * The user's active enrolled machine (an agent's device) with this hardware fingerprint, oldest
 * first. Scoped by owner: a fingerprint that another account's machine has finds nothing here.
 */
export function findActiveMachineByFingerprint(db: Db, userId: string, fingerprint: string) {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .where('registration_method', '=', 'token')
    .where('hardware_fingerprint', '=', fingerprint)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}

export function findDeviceByCredentialHash(db: Db, credentialHash: string) {
  return db.selectFrom('devices').selectAll().where('credential_hash', '=', credentialHash).executeTakeFirst();
}

/** Active devices, oldest first. */
/** A hot read (GET /api/devices): compiled once. */
export const activeDevicesOf = precompiled((db: Db, userId: string) =>
  db.selectFrom('devices').selectAll().where('user_id', '=', userId).where('is_active', '=', 1).orderBy('created_at').orderBy('device_id'),
);

/** Seats: active devices that are not mobile browsers (those skip registration). */
export async function countSeatsUsed(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .where('device_type', '!=', 'mobile')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Row ids of the devices holding a seat, oldest activation first: after a downgrade the first
 * `limit` keep receiving installations, the rest wait until the user deactivates some.
 */
export async function seatHolderRowIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .where('device_type', '!=', 'mobile')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function countActiveAdmins(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .where('is_admin', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDevice(db: Db, device: Insertable<DevicesTable>): Promise<void> {
  await db.insertInto('devices').values(device).execute();
}

export async function updateDevice(db: Db, id: string, changes: Updateable<DevicesTable>): Promise<void> {
  await db.updateTable('devices').set(changes).where('id', '=', id).execute();
}

/** Marks the device active at `at`; an activity update also records what prompted it. */
export async function touchDevice(db: Db, id: string, at: string, event?: string): Promise<void> {
  await db
    .updateTable('devices')
    .set(event === undefined ? { last_active_at: at } : { last_active_at: at, last_activity_event: event })
    .where('id', '=', id)
    .execute();
}

/** Removes a deactivated device for good; an active one is left alone. */
export async function deleteInactiveDevice(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('devices').where('id', '=', id).where('is_active', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Binds a session to the device it runs on: deactivating that device then ends the session. */
/** Binds a session to the device it proved it is; the sign-in cache hears of it at once. */
export async function setSessionDevice(db: Db, auth: AuthChanges, sessionId: string, deviceId: string): Promise<void> {
  await db.updateTable('sessions').set({ device_id: deviceId }).where('id', '=', sessionId).execute();
  await auth.changed(db, { sessionId });
}

/** The user's device (active or not) whose secret hashes to `secretHash`: a browser's proof that it is that device. */
export function findDeviceBySecret(db: Db, userId: string, deviceId: string, secretHash: string) {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
}

/** The user's active devices that have an agent (a credential): what must be told when the account goes. */
export async function agentDeviceRowIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .where('credential_hash', 'is not', null)
    .execute();
  return rows.map((row) => row.id);
}

/** Ends every live session of one of the user's devices. */
export async function revokeDeviceSessions(
  db: Db,
  auth: AuthChanges,
  userId: string,
  deviceId: string,
  at: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .execute();
  await auth.changed(db, { userId });
}

/**
 * Serialises one user's seat and token changes until the transaction ends, so that parallel
 * registrations and enrolments cannot both take the last seat or the last use of a code.
 * SQLite runs one transaction at a time already.
 */
export async function lockUserDevices(trx: Transaction<Database>, userId: string): Promise<void> {
  if (kindOf(trx) === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
