import type { AgentUpdateViewState } from '@shared/api/devices';

import type { Db } from '../schema';

/** A device's agent update as its page shows it; null clears it (the update went through, or nothing is held). */
export interface AgentUpdateRow {
  state: AgentUpdateViewState;
  version: string;
  message: string | null;
  at: string;
}

export async function setAgentUpdate(db: Db, deviceRowId: string, update: AgentUpdateRow | null): Promise<void> {
  await db
    .updateTable('devices')
    .set({
      agent_update_state: update?.state ?? null,
      agent_update_version: update?.version ?? null,
      agent_update_message: update?.message ?? null,
      agent_update_at: update?.at ?? null,
    })
    .where('id', '=', deviceRowId)
    .execute();
}
