import type { z } from 'zod';

import type { Device, DeviceCheckResponse, DevicesResponse, RegisterDeviceResponse, updateStatusRequestSchema } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/errors';
import type { Plan } from '@shared/plans';
import { DAY_MS } from '@shared/time';

import { isoNow, type AppContext, type Caller } from '../context';
import {
  deviceEventsOf,
  insertDeviceEvent,
  lastRemoteDeactivationAt,
  takeLogoutNotifications,
} from '../db/repositories/device-events.repository';
import {
  activeDevicesOf,
  countActiveAdmins,
  countSeatsUsed,
  findActiveDevice,
  findDevice,
  insertDevice,
  lockUserDevices,
  setSessionDevice,
  touchDevice,
  updateDevice,
} from '../db/repositories/devices.repository';
import type { Db, DevicesTable } from '../db/schema';
import { AppError, conflict, forbidden } from '../errors';
import { hashToken, newId, randomToken } from '../security/tokens';
import {
  capabilitiesFor,
  cooldownFrom,
  deviceNotFound,
  isMobilePlatform,
  normalizePlatform,
  REMOVED_AT_ONCE,
  toDevice,
  type Cooldown,
  type DeviceEventType,
} from './device-view';
import type { MachineEvents } from './machine-events';
import type { SubscriptionService } from './subscription.service';

const AUDIT_LIMIT = 200;

/** What prompted an activity update (the web app's background activity: a minute's tick, visibility, load, unload). */
export type ActivityEvent = z.output<typeof updateStatusRequestSchema>['event'];

/** What a registration or an enrolment writes; the columns left out keep their value (or start null). */
export type ActivationFields = Pick<
  DevicesTable,
  | 'device_name'
  | 'platform'
  | 'device_type'
  | 'registration_method'
  | 'capabilities'
  | 'is_active'
  | 'is_admin'
  | 'hardware_fingerprint'
  | 'credential_hash'
  | 'created_at'
  | 'last_active_at'
  | 'deactivated_at'
  | 'deactivated_by'
> &
  Partial<Pick<DevicesTable, 'arch' | 'agent_version'>>;

export interface RegisterInput {
  deviceId: string;
  deviceName: string;
  platform?: string;
  hardwareFingerprint?: string;
}

export interface DeviceEventInput {
  type: DeviceEventType;
  device: Pick<DevicesTable, 'device_id' | 'device_name'>;
  actorDeviceId?: string | null;
  detail?: string | null;
}

const registeredElsewhere = () =>
  conflict(
    'This device id is registered to another browser. This browser registers as a device of its own.',
    ErrorCode.DEVICE_ALREADY_REGISTERED,
  );

/** Whether `shown` is the device's secret (compared as hashes: the secret itself is never stored). */
function secretMatches(device: Pick<DevicesTable, 'secret_hash'>, shown: string | null): boolean {
  return shown !== null && device.secret_hash !== null && device.secret_hash === hashToken(shown);
}

export const deviceLimitReached = (plan: Plan) =>
  new AppError(
    403,
    ErrorCode.DEVICE_LIMIT_REACHED,
    `You have reached the device limit of your plan (${plan.limits.devices} devices). Deactivate a device or upgrade.`,
  );

/**
 * The account's devices and seats (docs/plans.md). Active non-mobile devices
 * take a seat of the plan; seats are claimed under a per-user lock.
 */
export class DeviceService {
  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly machines: MachineEvents,
  ) {}

  async list(caller: Caller): Promise<DevicesResponse> {
    const { plan } = caller;
    const now = this.ctx.clock.now();
    const rows = await activeDevicesOf(this.ctx.db, caller.userId);
    const devices = rows.map((row) => toDevice(row, plan, now, caller.deviceId));
    const cooldown = await this.deactivationCooldown(this.ctx.db, caller.userId, plan);
    return {
      devices,
      seatLimit: plan.limits.devices,
      seatsUsed: rows.filter((row) => row.device_type !== 'mobile').length,
      activeToday: rows.filter((row) => row.last_active_at !== null && now.getTime() - new Date(row.last_active_at).getTime() < DAY_MS)
        .length,
      deactivationAvailableAt: cooldown ? cooldown.until : null,
    };
  }

  /**
   * The registration check of this browser: its session's device, else the id it names. An id
   * that another browser registered is NOT_REGISTERED here, so this browser registers its own.
   */
  async check(caller: Caller): Promise<DeviceCheckResponse> {
    const plan = await this.subscription.planOf(caller.userId);
    const used = await countSeatsUsed(this.ctx.db, caller.userId);
    const seats = { seatAvailable: used < plan.limits.devices, deviceCount: used, seatLimit: plan.limits.devices };
    const deviceId = caller.deviceId ?? caller.claimedDeviceId;
    if (!deviceId) return { registered: false, reason: 'NO_DEVICE_ID', ...seats };
    const row = await findDevice(this.ctx.db, caller.userId, deviceId);
    if (!row) return { registered: false, reason: 'NOT_REGISTERED', ...seats };
    if (row.is_active !== 1) return { registered: false, reason: 'DEVICE_DEACTIVATED', ...seats };
    if (row.device_id !== caller.deviceId) return { registered: false, reason: 'NOT_REGISTERED', ...seats };
    return { registered: true, reason: 'REGISTERED', ...seats };
  }

  /**
   * Registers the caller's browser and binds its session to it. A new activation (a new id, or a
   * deactivated device's) gets a device secret, answered once, that binds this browser's later
   * sign-ins. An active device is registered again only by a browser that proves it is that
   * device (its session's device, or its secret); any other gets DEVICE_ALREADY_REGISTERED. The
   * account's first device (or any, while no admin device is left) becomes admin.
   */
  async register(caller: Caller, sessionId: string, input: RegisterInput, shownSecret: string | null): Promise<RegisterDeviceResponse> {
    const platform = normalizePlatform(input.platform);
    const deviceType = isMobilePlatform(platform) ? 'mobile' : 'primary';
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserDevices(trx, caller.userId);
      const plan = await this.subscription.planOf(caller.userId, trx);
      const existing = await findDevice(trx, caller.userId, input.deviceId);
      if (existing?.is_active === 1) {
        const ownSession = caller.deviceId === existing.device_id;
        if (!ownSession && !secretMatches(existing, shownSecret)) throw registeredElsewhere();
        await setSessionDevice(trx, this.ctx.authCache, sessionId, existing.device_id);
        // Its own session asking again means the browser lost its secret (or registered before
        // there were secrets): it gets a new one, and the lost copy stops working.
        const deviceSecret = ownSession ? await this.issueSecret(trx, existing.id) : undefined;
        return { row: existing, isFirstDevice: false, plan, deviceSecret };
      }
      if (deviceType !== 'mobile' && (await countSeatsUsed(trx, caller.userId)) >= plan.limits.devices) throw deviceLimitReached(plan);
      const isFirstDevice = (await activeDevicesOf(trx, caller.userId)).length === 0;
      const isAdmin = (await countActiveAdmins(trx, caller.userId)) === 0;
      const now = isoNow(this.ctx.clock);
      const deviceSecret = randomToken();
      const fields = {
        device_name: input.deviceName,
        platform,
        device_type: deviceType,
        registration_method: 'account',
        capabilities: JSON.stringify(capabilitiesFor(deviceType, isAdmin)),
        is_active: 1,
        is_admin: isAdmin ? 1 : 0,
        hardware_fingerprint: input.hardwareFingerprint ?? null,
        credential_hash: null,
        secret_hash: hashToken(deviceSecret),
        created_at: now,
        last_active_at: now,
        deactivated_at: null,
        deactivated_by: null,
      } satisfies Partial<DevicesTable>;
      const row = await this.saveActivation(trx, caller.userId, input.deviceId, existing, fields);
      await setSessionDevice(trx, this.ctx.authCache, sessionId, row.device_id);
      await this.recordEvent(trx, caller.userId, {
        type: 'registered',
        device: row,
        actorDeviceId: row.device_id,
        detail: isAdmin ? 'admin' : null,
      });
      return { row, isFirstDevice, plan, deviceSecret };
    });
    return {
      success: true,
      isAdmin: result.row.is_admin === 1,
      isFirstDevice: result.isFirstDevice,
      device: toDevice(result.row, result.plan, this.ctx.clock.now(), result.row.device_id),
      ...(result.deviceSecret ? { deviceSecret: result.deviceSecret } : {}),
    };
  }

  /**
   * Ping and activity updates: the device is active now, and `event` (what prompted the call) is
   * kept with it. An unknown or deactivated id is DEVICE_NOT_FOUND (the web app then registers).
   */
  async touch(caller: Caller, deviceId: string, event: ActivityEvent): Promise<string> {
    const row = await findActiveDevice(this.ctx.db, caller.userId, deviceId);
    if (!row) throw deviceNotFound();
    const now = isoNow(this.ctx.clock);
    await touchDevice(this.ctx.db, row.id, now, event);
    return now;
  }

  /** Binds this session to one of the user's devices, for a browser that shows that device's secret. */
  async setCurrent(caller: Caller, sessionId: string, deviceId: string, shownSecret: string | null): Promise<void> {
    const row = await findActiveDevice(this.ctx.db, caller.userId, deviceId);
    if (!row) throw deviceNotFound();
    if (caller.deviceId !== row.device_id && !secretMatches(row, shownSecret)) {
      throw forbidden('This browser has not shown that it is that device.', ErrorCode.FORBIDDEN);
    }
    await setSessionDevice(this.ctx.db, this.ctx.authCache, sessionId, row.device_id);
    await touchDevice(this.ctx.db, row.id, isoNow(this.ctx.clock));
  }

  async rename(caller: Caller, deviceId: string, name: string): Promise<Device> {
    const row = await findActiveDevice(this.ctx.db, caller.userId, deviceId);
    if (!row) throw deviceNotFound();
    if (row.device_name !== name) {
      await updateDevice(this.ctx.db, row.id, { device_name: name });
      await this.recordEvent(this.ctx.db, caller.userId, {
        type: 'renamed',
        device: { device_id: row.device_id, device_name: name },
        actorDeviceId: caller.deviceId,
        detail: `${row.device_name} → ${name}`,
      });
      // A group's rule may name machines by name: it is read again in the background.
      const renamed = { ...row, device_name: name };
      this.ctx.tasks.defer('machine renamed', () => this.machines.changed({ device: renamed }));
    }
    const plan = await this.subscription.planOf(caller.userId);
    return toDevice({ ...row, device_name: name }, plan, this.ctx.clock.now(), caller.deviceId);
  }

  async logoutNotifications(caller: Caller) {
    if (!caller.deviceId) return [];
    const rows = await takeLogoutNotifications(this.ctx.db, caller.userId, caller.deviceId);
    return rows.map((row) => ({
      id: row.id,
      deviceName: row.device_name,
      reason: row.reason as 'manual_deactivation' | 'user_initiated' | 'unexpected_logout' | 'other',
      // It is shown now, by this answer.
      shown: true,
      createdAt: row.created_at,
    }));
  }

  async audit(userId: string) {
    const rows = await deviceEventsOf(this.ctx.db, userId, AUDIT_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      type: row.type as DeviceEventType,
      deviceId: row.device_id,
      deviceName: row.device_name,
      actorDeviceId: row.actor_device_id,
      detail: row.detail,
      createdAt: row.created_at,
    }));
  }

  /**
   * Stores a new activation of `deviceId` (registration or enrolment): in its old row when it
   * had one (a deactivated device), else in a new row. Answers the stored row.
   */
  async saveActivation(
    trx: Db,
    userId: string,
    deviceId: string,
    existing: DevicesTable | undefined,
    fields: ActivationFields,
  ): Promise<DevicesTable> {
    if (existing) await updateDevice(trx, existing.id, fields);
    else await insertDevice(trx, { id: newId(), user_id: userId, device_id: deviceId, ...fields });
    const row = await findDevice(trx, userId, deviceId);
    if (!row) throw new Error('activated device not found');
    return row;
  }

  private async issueSecret(db: Db, rowId: string): Promise<string> {
    const secret = randomToken();
    await updateDevice(db, rowId, { secret_hash: hashToken(secret) });
    return secret;
  }

  /** The account cooldown (DEACTIVATION_COOLDOWN) after its last remote deactivation; null when none is running. */
  async deactivationCooldown(db: Db, userId: string, plan: Plan): Promise<Cooldown | null> {
    const last = await lastRemoteDeactivationAt(db, userId, REMOVED_AT_ONCE);
    const cooldown = last ? cooldownFrom(last, plan, this.ctx.clock.now()) : null;
    return cooldown && cooldown.remainingMs > 0 ? cooldown : null;
  }

  async recordEvent(db: Db, userId: string, event: DeviceEventInput): Promise<void> {
    await insertDeviceEvent(db, {
      id: newId(),
      user_id: userId,
      device_id: event.device.device_id,
      device_name: event.device.device_name,
      type: event.type,
      actor_device_id: event.actorDeviceId ?? null,
      detail: event.detail ?? null,
      created_at: isoNow(this.ctx.clock),
    });
  }
}
