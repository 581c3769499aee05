import { ErrorCode } from '@shared/api/errors';
import type { DeviceInventory } from '@shared/api/installations';
import type { CreateScheduleInput, Schedule, ScheduleCadence, ScheduleTimingInput } from '@shared/api/schedules';
import { MINUTE_MS } from '@shared/time';

import { isoNow, type AppContext, type Caller } from '../context';
import { isUniqueViolation } from '../db/dialect';
import { activeDevicesOf, findActiveDevice } from '../db/repositories/devices.repository';
import {
  claimSchedule,
  deleteSchedule,
  disableSchedule,
  dueSchedules,
  findSchedule,
  insertSchedule,
  markScheduleRun,
  schedulesOfUser,
  updateSchedule,
  type ScheduleRow,
} from '../db/repositories/schedules.repository';
import { findUserById } from '../db/repositories/users.repository';
import type { UpdateSchedulesTable } from '../db/schema';
import { AppError, conflict, notFound } from '../errors';
import { newId } from '../security/tokens';
import { toUser } from './account.service';
import type { InstallationService } from './installation.service';
import type { InventoryService } from './inventory.service';
import { withLease, type Lease } from './lease';
import type { ListService } from './list.service';
import { canonicalTimeZone, nextOccurrence, type ScheduleTiming } from './schedule-times';
import type { SubscriptionService } from './subscription.service';

const FIRE_LEASE: Lease = { name: 'update-schedules', ms: 5 * MINUTE_MS, release: 'after-run' };
/** Due schedules handled per scheduler tick; the rest wait for the next tick. */
const FIRE_BATCH = 100;

export function scheduleFeatureRequired(): AppError {
  return new AppError(403, ErrorCode.PLAN_FEATURE_REQUIRED, 'Custom update schedules are part of Premium. Upgrade to schedule updates.');
}

const scheduleNotFound = () => notFound('Schedule not found', ErrorCode.SCHEDULE_NOT_FOUND);

function timingOf(row: Pick<UpdateSchedulesTable, 'cadence' | 'weekday' | 'time' | 'time_zone'>): ScheduleTiming {
  return { cadence: row.cadence as ScheduleCadence, weekday: row.weekday, time: row.time, timeZone: row.time_zone };
}

export function toSchedule(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    target: row.device_row_id ? 'device' : 'list',
    deviceId: row.device_public_id,
    listId: row.list_id,
    targetName: row.device_name ?? row.list_name ?? '',
    cadence: row.cadence as ScheduleCadence,
    weekday: row.weekday,
    time: row.time,
    timeZone: row.time_zone,
    windowMinutes: row.window_minutes,
    enabled: row.enabled === 1,
    nextRunAt: row.next_run_at,
    lastRunAt: row.last_run_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Custom update schedules (premium): the owner's rules, and the scheduler task that
 * fires each due occurrence once, as an `upgrade` installation made for the owner.
 */
export class ScheduleService {
  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly lists: ListService,
    private readonly installations: InstallationService,
    private readonly inventory: InventoryService,
  ) {}

  /** Also on the free plan: after a downgrade the owner still sees (and may delete) what no longer fires. */
  async list(userId: string): Promise<Schedule[]> {
    return (await schedulesOfUser(this.ctx.db, userId)).map(toSchedule);
  }

  async create(userId: string, input: CreateScheduleInput): Promise<Schedule> {
    await this.assertPremium(userId);
    const timing = this.checkedTiming(input);
    let deviceRowId: string | null = null;
    let listId: string | null = null;
    if (input.deviceId !== undefined) {
      const device = await findActiveDevice(this.ctx.db, userId, input.deviceId);
      if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
      deviceRowId = device.id;
    } else if (input.listId !== undefined) {
      listId = (await this.lists.detail(userId, input.listId)).id;
    }
    const now = isoNow(this.ctx.clock);
    const id = newId();
    try {
      await insertSchedule(this.ctx.db, {
        id,
        user_id: userId,
        device_row_id: deviceRowId,
        list_id: listId,
        ...timing,
        last_run_at: null,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(
          `This ${deviceRowId ? 'device' : 'list'} has an update schedule already; change that one.`,
          ErrorCode.SCHEDULE_EXISTS,
        );
      throw error;
    }
    return this.get(userId, id);
  }

  async update(userId: string, id: string, input: ScheduleTimingInput): Promise<Schedule> {
    if (!(await findSchedule(this.ctx.db, userId, id))) throw scheduleNotFound();
    await this.assertPremium(userId);
    const timing = this.checkedTiming(input);
    if (!(await updateSchedule(this.ctx.db, userId, id, { ...timing, updated_at: isoNow(this.ctx.clock) }))) throw scheduleNotFound();
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteSchedule(this.ctx.db, userId, id))) throw scheduleNotFound();
  }

  private async get(userId: string, id: string): Promise<Schedule> {
    const row = await findSchedule(this.ctx.db, userId, id);
    if (!row) throw scheduleNotFound();
    return toSchedule(row);
  }

  private async assertPremium(userId: string): Promise<void> {
    if (!(await this.subscription.planOf(userId)).capabilities.updateSchedules) throw scheduleFeatureRequired();
  }

  /** The stored fields of a timing, with its next occurrence from now. */
  private checkedTiming(input: ScheduleTimingInput) {
    const timeZone = canonicalTimeZone(input.timeZone);
    const weekday = input.cadence === 'weekly' ? input.weekday : null;
    const timing: ScheduleTiming = { cadence: input.cadence, weekday, time: input.time, timeZone };
    return {
      cadence: input.cadence,
      weekday,
      time: input.time,
      time_zone: timeZone,
      window_minutes: input.windowMinutes,
      enabled: input.enabled ? (1 as const) : (0 as const),
      next_run_at: nextOccurrence(timing, this.ctx.clock.now()).toISOString(),
    };
  }

  /**
   * The scheduler's task: fires every due schedule once. One process at a time holds the lease,
   * and each occurrence is claimed by moving next_run_at on conditionally (claimSchedule), so even
   * two processes that both think they hold it fire an occurrence once. A schedule that was due
   * while nobody ran the scheduler fires once, then waits for its next future occurrence.
   * Returns how many schedules fired.
   */
  async fireDue(): Promise<number> {
    return withLease(this.ctx, FIRE_LEASE, 0, async (now) => {
      const nowIso = now.toISOString();
      let fired = 0;
      for (const row of await dueSchedules(this.ctx.db, nowIso, FIRE_BATCH)) {
        const following = nextOccurrence(timingOf(row), now).toISOString();
        if (!(await claimSchedule(this.ctx.db, row.id, row.next_run_at, following))) continue;
        try {
          if (await this.fire(row, following)) fired += 1;
        } catch (error) {
          // One schedule failing (a device past the seat limit, a list gone read-only) does not stop the others.
          this.ctx.log.warn({ err: error, scheduleId: row.id }, 'update schedule failed');
        }
      }
      return fired;
    });
  }

  /** One claimed occurrence: false when it did not run (plan, device gone). */
  private async fire(row: UpdateSchedulesTable, following: string): Promise<boolean> {
    const now = this.ctx.clock.now();
    // After a downgrade schedules stay but do not fire.
    const plan = await this.subscription.planOf(row.user_id);
    if (!plan.capabilities.updateSchedules) return false;
    const user = await findUserById(this.ctx.db, row.user_id);
    if (!user) return false;
    const caller: Caller = {
      userId: user.id,
      sessionId: null,
      apiKeyId: null,
      user: toUser(user),
      plan,
      deviceId: null,
      claimedDeviceId: null,
    };
    // An offline device may still run the updates when it connects within the window; without one, until the next run.
    const expiresAt =
      row.window_minutes === null ? following : new Date(Date.parse(row.next_run_at) + row.window_minutes * MINUTE_MS).toISOString();
    const plans = row.device_row_id ? await this.devicePlan(row) : await this.listPlan(row);
    if (plans === null) return false;
    await markScheduleRun(this.ctx.db, row.id, now.toISOString());
    // Late beyond the window (the scheduler was not running): nothing would be sent anyway.
    if (expiresAt <= now.toISOString()) return true;
    for (const plan of plans) {
      try {
        await this.installations.create(
          caller,
          {
            appIds: plan.appIds,
            deviceIds: [plan.deviceId],
            kind: 'upgrade',
            scheduled: { expiresAt, listId: row.list_id, listName: plan.listName },
          },
          // One installation per device and occurrence, even if a claim were somehow won twice.
          `schedule:${row.id}:${row.next_run_at}:${plan.deviceId}`,
        );
      } catch (error) {
        // A device past the plan's seat limit (or not an enrolled machine) is left out; the others run.
        this.ctx.log.warn({ err: error, scheduleId: row.id, deviceId: plan.deviceId }, 'scheduled upgrade not created');
      }
    }
    return true;
  }

  /** The device's apps its inventory reports out of date; null when the device is no longer active. */
  private async devicePlan(row: UpdateSchedulesTable): Promise<ScheduledUpgrade[] | null> {
    const devices = await activeDevicesOf(this.ctx.db, row.user_id);
    const device = devices.find((candidate) => candidate.id === row.device_row_id);
    if (!device) {
      await disableSchedule(this.ctx.db, row.id, isoNow(this.ctx.clock));
      return null;
    }
    const inventory = await this.inventory.inventory(row.user_id, device.device_id);
    const appIds = inventory.apps.filter(updatable).map((app) => app.appId);
    return appIds.length === 0 ? [] : [{ deviceId: device.device_id, appIds, listName: null }];
  }

  /** Per device of the owner that has any of the list's apps: those of them its inventory reports out of date. */
  private async listPlan(row: UpdateSchedulesTable): Promise<ScheduledUpgrade[] | null> {
    if (!row.list_id) return null;
    const list = await this.lists.detail(row.user_id, row.list_id);
    const listed = new Set(list.apps.map((app) => app.app_id));
    const plans: ScheduledUpgrade[] = [];
    for (const device of await activeDevicesOf(this.ctx.db, row.user_id)) {
      const inventory = await this.inventory.inventory(row.user_id, device.device_id);
      const appIds = inventory.apps.filter((app) => listed.has(app.appId) && updatable(app)).map((app) => app.appId);
      if (appIds.length > 0) plans.push({ deviceId: device.device_id, appIds, listName: list.name });
    }
    return plans;
  }
}

interface ScheduledUpgrade {
  deviceId: string;
  appIds: number[];
  listName: string | null;
}

/** An app a scheduled update moves: a newer version is there and the owner did not pin it (docs/pinned-versions.md). */
function updatable(app: DeviceInventory['apps'][number]): boolean {
  return app.availableVersion !== null && app.pinnedVersion === null;
}
