import type { AgentBuildKind, ManagerName } from '@shared/agent/protocol';

import type { Db, DeviceInventoryTable } from '../schema';

/** What the agent of an enrolled device tells about it: presence, package managers, inventory. */

/** Another agent connected with this device's credential while one was connected. */
export async function markDuplicateAgent(db: Db, deviceRowId: string, at: string, from: string | null): Promise<void> {
  await db.updateTable('devices').set({ duplicate_agent_at: at, duplicate_agent_from: from }).where('id', '=', deviceRowId).execute();
}

export async function markAgentSeen(
  db: Db,
  deviceRowId: string,
  at: string,
  hello?: { managers: readonly string[]; agentVersion: string; arch: string; build?: AgentBuildKind },
): Promise<void> {
  await db
    .updateTable('devices')
    .set({
      agent_seen_at: at,
      last_active_at: at,
      ...(hello
        ? {
            managers: JSON.stringify(hello.managers),
            agent_version: hello.agentVersion,
            arch: hello.arch,
            agent_build: hello.build ?? null,
          }
        : {}),
    })
    .where('id', '=', deviceRowId)
    .execute();
}

export async function markAgentGone(db: Db, deviceRowId: string): Promise<void> {
  await db.updateTable('devices').set({ agent_seen_at: null }).where('id', '=', deviceRowId).execute();
}

/** One package of a report; not a security update unless it says so. */
export type InventoryRowInput = Omit<DeviceInventoryTable, 'device_row_id' | 'available_security'> & {
  available_security?: DeviceInventoryTable['available_security'];
};

/** The agent's latest report replaces the previous one whole. */
export async function replaceInventory(db: Db, deviceRowId: string, rows: readonly InventoryRowInput[], at: string): Promise<void> {
  await db.deleteFrom('device_inventory').where('device_row_id', '=', deviceRowId).execute();
  const values = rows.map((row) => ({ ...row, available_security: row.available_security ?? 0, device_row_id: deviceRowId }));
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

/** The installed version the device's last inventory shows for the first of these package ids found. */
export async function installedVersionOf(
  db: Db,
  deviceRowId: string,
  manager: ManagerName,
  packageIds: readonly string[],
): Promise<string | null> {
  if (packageIds.length === 0) return null;
  const rows = await db
    .selectFrom('device_inventory')
    .select(['package_id', 'installed_version'])
    .where('device_row_id', '=', deviceRowId)
    .where('manager', '=', manager)
    .where('package_id', 'in', [...packageIds])
    .execute();
  for (const id of packageIds) {
    const row = rows.find((entry) => entry.package_id === id);
    if (row) return row.installed_version;
  }
  return null;
}

/** When the device's agent last reported its inventory (null: never). */
export async function inventoryCheckedAt(db: Db, deviceRowId: string): Promise<string | null> {
  const row = await db.selectFrom('devices').select('inventory_checked_at').where('id', '=', deviceRowId).executeTakeFirst();
  return row?.inventory_checked_at ?? null;
}
