import { ErrorCode } from '@shared/api/errors';
import { SILENT_AFTER_HOURS, type DeviceCheckInsResponse } from '@shared/api/monitoring';
import { PLAN_IDS, PLANS } from '@shared/plans';
import { HOUR_MS, MINUTE_MS } from '@shared/time';

import { isoAfter, isoNow, type AppContext } from '../context';
import { checkInsOfDevice, claimSilenceAlert, insertCheckIn, silentMachines } from '../db/repositories/device-check-ins.repository';
import { findActiveDevice } from '../db/repositories/devices.repository';
import type { DevicesTable } from '../db/schema';
import { AppError, notFound } from '../errors';
import { newId } from '../security/tokens';
import { appNamesByPackage, toCheckIn } from './check-ins';
import { isEnrolledMachine } from './device-view';
import { withLease, type Lease } from './lease';
import type { NotificationService } from './notification.service';
import type { SubscriptionService } from './subscription.service';

/** The silence check reads every silent machine: every few minutes is often enough for a one-day alert. */
const SILENCE_RUN_EVERY_MS = 5 * MINUTE_MS;
const SILENCE_LEASE: Lease = { name: 'silent-machines', ms: SILENCE_RUN_EVERY_MS, release: 'when-expired' };
/** The device page shows this many check-ins, newest first. */
const CHECK_INS_SHOWN = 200;

export function monitoringRequiresPremium(): AppError {
  return new AppError(
    403,
    ErrorCode.PLAN_FEATURE_REQUIRED,
    'Check-in history is part of Premium advanced monitoring. Upgrade to see how your machines changed over time.',
  );
}

/**
 * Advanced monitoring (Premium): each machine's check-ins (its agent connecting, its
 * inventories with the versions that changed), kept as long as the update history, and an
 * alert when a machine has not reported for SILENT_AFTER_HOURS. Check-ins are recorded for
 * every plan, so an upgrade shows the days before it too.
 */
/** A machine that has not reported for SILENT_AFTER_HOURS, as its owner is told of it. */
export interface Silence {
  userId: string;
  deviceId: string;
  deviceName: string;
  platform: string;
  lastActiveAt: string;
  hours: number;
}

export class MonitoringService {
  private readonly silenceObservers: ((silence: Silence) => Promise<void>)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly notifications: NotificationService,
  ) {}

  /** Told, in the background, of each machine found silent (webhooks' machine.silent). */
  observeSilence(observer: (silence: Silence) => Promise<void>): void {
    this.silenceObservers.push(observer);
  }

  async connected(device: DevicesTable, agentVersion: string): Promise<void> {
    await insertCheckIn(this.ctx.db, {
      id: newId(),
      user_id: device.user_id,
      device_row_id: device.id,
      kind: 'connected',
      agent_version: agentVersion,
      apps: null,
      outdated: null,
      changes: null,
      changes_total: null,
      created_at: isoNow(this.ctx.clock),
    });
  }

  async checkIns(userId: string, deviceId: string): Promise<DeviceCheckInsResponse> {
    const plan = await this.subscription.planOf(userId);
    if (!plan.capabilities.advancedMonitoring) throw monitoringRequiresPremium();
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
    const rows = await checkInsOfDevice(this.ctx.db, device.id, CHECK_INS_SHOWN);
    // Worked out once per platform and catalogue, not per request: the catalogue may hold tens of thousands of apps.
    const names = await this.ctx.catalogue.derived(`package names ${device.platform}`, (apps) => appNamesByPackage(apps, device.platform));
    return { keptDays: plan.limits.historyDays, checkIns: rows.map((row) => toCheckIn(row, names)) };
  }

  /**
   * A scheduler task: tells owners with advanced monitoring, once per silence, that a machine
   * has not reported for a day. One process runs it per SILENCE_RUN_EVERY_MS (the lease
   * outlives the run); each alert is claimed by a conditional update, so none goes twice.
   */
  async alertSilentMachines(): Promise<number> {
    return withLease(this.ctx, SILENCE_LEASE, 0, async (now) => {
      const plans = PLAN_IDS.filter((id) => PLANS[id].capabilities.advancedMonitoring);
      const silent = await silentMachines(this.ctx.db, isoAfter(this.ctx.clock, -SILENT_AFTER_HOURS * HOUR_MS), plans);
      let told = 0;
      for (const machine of silent) {
        // The installation targets' rule: a browser or the desktop window is not a machine that reports.
        if (!machine.last_active_at || !isEnrolledMachine(machine)) continue;
        if (!(await claimSilenceAlert(this.ctx.db, machine.id, machine.last_active_at, now.toISOString()))) continue;
        const silence: Silence = {
          userId: machine.user_id,
          deviceId: machine.device_id,
          deviceName: machine.device_name,
          platform: machine.platform,
          lastActiveAt: machine.last_active_at,
          hours: SILENT_AFTER_HOURS,
        };
        await this.notifications.machineSilent(silence);
        for (const observer of this.silenceObservers) this.ctx.tasks.defer('silent machine observer', () => observer(silence));
        told += 1;
      }
      return told;
    });
  }
}
