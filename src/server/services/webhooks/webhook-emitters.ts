import { isOpenTarget } from '@shared/installation-states';

import type { AppContext } from '../../context';
import { groupsOfDevice } from '../../db/repositories/device-groups.repository';
import { findInstallation, itemLogsOf } from '../../db/repositories/installations.repository';
import type { DeviceDriftTable, DevicesTable } from '../../db/schema';
import type { DriftService } from '../device-groups/drift.service';
import type { InstallationService } from '../installation.service';
import type { Silence } from '../monitoring.service';
import type { WebhookDeliveryService } from './webhook-deliveries.service';
import { BODY_MAX_BYTES, driftData, installationData, silentData } from './webhook-events';

/**
 * Turns what happens in Loadout into webhook events: an installation that ended (and a
 * rollback, which is one), new drift on a grouped machine, a machine gone silent. Each is told
 * by the service where it happens and built here, in the background, only for accounts with an
 * endpoint that subscribed to it.
 */
export class WebhookEmitters {
  constructor(
    private readonly ctx: AppContext,
    private readonly deliveries: WebhookDeliveryService,
    private readonly installations: InstallationService,
    private readonly drift: DriftService,
  ) {}

  /** An installation's job ended; when every job has, its outcome goes out (once per end: a retry ends it again). */
  async installationMayHaveFinished(userId: string, installationId: string): Promise<void> {
    const wanted = await this.deliveries.wanted(userId);
    const wantsRollback = wanted.has('rollback.finished');
    if (!wantsRollback && !wanted.has('installation.finished')) return;
    const row = await findInstallation(this.ctx.db, userId, installationId);
    if (!row) return;
    const installation = await this.installations.get(userId, installationId);
    if (installation.targets.some((target) => isOpenTarget(target.status))) return;
    const ended = installation.targets.map((target) => target.finishedAt ?? '').sort();
    const key = `${installation.id}:${ended.at(-1) ?? ''}`;
    const logs = await itemLogsOf(this.ctx.db, installation.id);
    let data = installationData(installation, logs, this.ctx.config.publicUrl);
    // Many machines' failure logs could make a body no receiver wants: their outcomes go without them.
    if (Buffer.byteLength(JSON.stringify(data)) > BODY_MAX_BYTES)
      data = installationData(installation, logs, this.ctx.config.publicUrl, false);
    await this.deliveries.emit(userId, 'installation.finished', key, data);
    if (row.rollback_to !== null && wantsRollback)
      await this.deliveries.emit(userId, 'rollback.finished', key, { rolledBackTo: row.rollback_to, ...data });
  }

  async newDrift(userId: string, device: DevicesTable, fresh: readonly DeviceDriftTable[]): Promise<void> {
    if (!(await this.deliveries.wanted(userId)).has('drift.detected')) return;
    const groups = await groupsOfDevice(this.ctx.db, userId, device.id);
    const names = await this.drift.appNames(userId, fresh);
    const entries = fresh.map((row) => ({
      appId: row.app_id,
      kind: row.kind,
      installedVersion: row.installed_version,
      wantedVersion: row.wanted_version,
      since: row.since,
    }));
    const key = `${device.id}:${fresh.map((row) => `${row.app_id}/${row.kind}/${row.since}`).join(',')}`;
    const machine = { deviceId: device.device_id, deviceName: device.device_name, platform: device.platform };
    await this.deliveries.emit(
      userId,
      'drift.detected',
      key,
      driftData(
        machine,
        groups.map((group) => ({ id: group.id, name: group.name })),
        entries,
        names,
        this.ctx.config.publicUrl,
      ),
    );
  }

  async machineSilent(silence: Silence): Promise<void> {
    const machine = { deviceId: silence.deviceId, deviceName: silence.deviceName, platform: silence.platform };
    await this.deliveries.emit(
      silence.userId,
      'machine.silent',
      `${silence.deviceId}:${silence.lastActiveAt}`,
      silentData(machine, silence.lastActiveAt, silence.hours, this.ctx.config.publicUrl),
    );
  }
}
