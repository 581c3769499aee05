import type { Db, DeviceInventoryTable } from '../schema';

/** What the agent of an enrolled device tells about it: presence, package managers, inventory. */

export async function markAgentSeen(
  db: Db,
  deviceRowId: string,
  at: string,
  hello?: { managers: readonly string[]; agentVersion: string; arch: string },
): Promise<void> {
  await db
    .updateTable('devices')
    .set({
      agent_seen_at: at,
      last_active_at: at,
      ...(hello ? { managers: JSON.stringify(hello.managers), agent_version: hello.agentVersion, arch: hello.arch } : {}),
    })
    .where('id', '=', deviceRowId)
    .execute();
}

export async function markAgentGone(db: Db, deviceRowId: string): Promise<void> {
  await db.updateTable('devices').set({ agent_seen_at: null }).where('id', '=', deviceRowId).execute();
}

/** The agent's latest report replaces the previous one whole. */
export async function replaceInventory(
  db: Db,
  deviceRowId: string,
  rows: readonly Omit<DeviceInventoryTable, 'device_row_id'>[],
  at: string,
): Promise<void> {
  await db.deleteFrom('device_inventory').where('device_row_id', '=', deviceRowId).execute();
  const values = rows.map((row) => ({ ...row, device_row_id: deviceRowId }));
  for (let start = 0; start < values.length; start += 200) {
    await db
      .insertInto('device_inventory')
      .values(values.slice(start, start + 200))
      .execute();
  }
  await db.updateTable('devices').set({ inventory_checked_at: at }).where('id', '=', deviceRowId).execute();
}

export async function inventoryOf(db: Db, deviceRowIds: readonly string[]): Promise<DeviceInventoryTable[]> {
  if (deviceRowIds.length === 0) return [];
  return db
    .selectFrom('device_inventory')
    .selectAll()
    .where('device_row_id', 'in', [...deviceRowIds])
    .orderBy('manager')
    .orderBy('package_id')
    .execute();
}
