import type { Transaction } from 'kysely';

import type { Device } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/errors';
import { HOUR_MS, SECOND_MS } from '@shared/time';

import { isoNow, type AppContext, type Caller } from '../context';
import { insertLogoutNotification } from '../db/repositories/device-events.repository';
import { deleteMembershipsOfDevice } from '../db/repositories/device-groups.repository';
import {
  countActiveAdmins,
  deleteInactiveDevice,
  findActiveDevice,
  findDevice,
  findDeviceByCredentialHash,
  lockUserDevices,
  revokeDeviceSessions,
  updateDevice,
} from '../db/repositories/devices.repository';
import { deleteFollowsOfDevice } from '../db/repositories/list-followers.repository';
import type { Database, Db, DevicesTable } from '../db/schema';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../errors';
import type { RateLimiter } from '../security/rate-limiter';
import { hashToken, newId } from '../security/tokens';
import { deviceNotFound, protection, removableAtOnce, REMOVED_AT_ONCE, toDevice, withAdminCapability } from './device-view';
import type { DeviceService } from './device.service';
import type { SubscriptionService } from './subscription.service';

/** Deactivation attempts per user per hour (past it: DEVICE_DEACTIVATION_RATE_LIMIT). */
export const DEACTIVATION_ATTEMPTS_PER_HOUR = 5;

const notAdminDevice = () => forbidden('Only admin devices can deactivate other devices', ErrorCode.NOT_ADMIN_DEVICE);
const lastAdminDevice = () => forbidden('Cannot deactivate the only admin device', ErrorCode.LAST_ADMIN_DEVICE);
export const deviceIdRequired = () =>
  badRequest('This call needs the X-Device-ID header of the calling device', ErrorCode.DEVICE_ID_REQUIRED);

/**
 * Deactivation and the other admin-device actions. The
 * rules are checked in the product's order (its refusals say which rule failed first) under the per-user lock, so two deactivations at once
 * cannot both pass the account cooldown or remove the last admin.
 */
export class DeviceDeactivationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
    private readonly subscription: SubscriptionService,
    private readonly devices: DeviceService,
  ) {}

  async deactivate(caller: Caller, targetId: string, removeClient: boolean): Promise<{ shouldLogout: boolean }> {
    await this.countAttempt(caller.userId);
    let deactivatedRow: string | null = null;
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserDevices(trx, caller.userId);
      const target = await findActiveDevice(trx, caller.userId, targetId);
      if (!target) throw deviceNotFound();
      // The session's own device, never a header: a header naming the target would skip every rule below.
      if (target.device_id === caller.deviceId) {
        await this.deactivateOwn(trx, caller, target);
        deactivatedRow = target.id;
        return { shouldLogout: true };
      }
      await this.requireAdminDevice(trx, caller);
      if (target.is_admin === 1) throw forbidden('Cannot deactivate admin devices', ErrorCode.ADMIN_DEVICE_PROTECTED);
      const plan = await this.subscription.planOf(caller.userId, trx);
      const now = this.ctx.clock.now();
      const guard = protection(target, plan, now);
      if (guard.remainingMs > 0) {
        const hours = Math.floor(guard.remainingMinutes / 60);
        const left =
          hours >= 1
            ? `${hours} more ${hours === 1 ? 'hour' : 'hours'}`
            : `${guard.remainingMinutes} more ${guard.remainingMinutes === 1 ? 'minute' : 'minutes'}`;
        throw new AppError(403, ErrorCode.DEVICE_DEACTIVATION_COOLDOWN, `This device was added recently and is protected for ${left}.`, {
          remainingHours: String(hours),
          remainingMinutes: String(guard.remainingMinutes),
          protectedUntil: guard.until,
        });
      }
      // A mistaken enrolment goes at once: no account cooldown to wait for, and none started.
      const mistake = removableAtOnce(target, now).remainingMs > 0;
      const cooldown = mistake ? null : await this.devices.deactivationCooldown(trx, caller.userId, plan);
      if (cooldown) {
        const hours = Math.ceil(cooldown.remainingMs / HOUR_MS);
        throw new AppError(429, ErrorCode.DEACTIVATION_COOLDOWN, `Please wait ${hours} hours before deactivating another device.`, {
          retryAfterSeconds: String(Math.ceil(cooldown.remainingMs / SECOND_MS)),
        });
      }

      await this.retire(trx, caller.userId, target, {
        actorDeviceId: caller.deviceId,
        sessionReason: 'device_deactivated_remotely',
        notice: 'manual_deactivation',
        detail: mistake ? REMOVED_AT_ONCE : undefined,
      });
      if (removeClient) {
        await this.devices.recordEvent(trx, caller.userId, { type: 'uninstall_requested', device: target, actorDeviceId: caller.deviceId });
      }
      deactivatedRow = target.id;
      return { shouldLogout: false };
    });
    if (deactivatedRow) await this.announce(deactivatedRow, removeClient);
    return result;
  }

  /** The caller's own device (its session's); its sessions end (the client logs out). */
  async deactivateCurrent(caller: Caller): Promise<void> {
    if (!caller.deviceId) throw deviceIdRequired();
    const deviceId = caller.deviceId;
    const rowId = await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserDevices(trx, caller.userId);
      const own = await findActiveDevice(trx, caller.userId, deviceId);
      if (!own) throw deviceNotFound();
      await this.deactivateOwn(trx, caller, own);
      return own.id;
    });
    await this.announce(rowId, false);
  }

  /**
   * The agent's own `unenroll`: the machine behind the credential is deactivated as if from its
   * own screen, and the credential is forgotten (its next use is 401 TOKEN_INVALID). An agent
   * still running with it (a service) is told and closed like any deactivated machine's.
   */
  async unenroll(credential: string | null): Promise<{ deviceId: string }> {
    const found = credential ? await findDeviceByCredentialHash(this.ctx.db, hashToken(credential)) : undefined;
    if (!found) throw unauthorized('This device credential is not valid.', ErrorCode.TOKEN_INVALID);
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserDevices(trx, found.user_id);
      // Read again under the lock: a deactivation from the Devices screen may have just won.
      const device = await findDeviceByCredentialHash(trx, found.credential_hash ?? '');
      if (device?.is_active !== 1) {
        throw new AppError(401, ErrorCode.DEVICE_DEACTIVATED_REMOTELY, 'Your device has been deactivated from another location.');
      }
      await this.retire(
        trx,
        device.user_id,
        device,
        { actorDeviceId: device.device_id, sessionReason: 'device_deactivated', detail: 'unenrolled by its agent' },
        { forgetCredential: true },
      );
      return device;
    });
    await this.announce(row.id, false);
    return { deviceId: row.device_id };
  }

  async setAdmin(caller: Caller, targetId: string, isAdmin: boolean): Promise<Device> {
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserDevices(trx, caller.userId);
      await this.requireAdminDevice(trx, caller);
      const target = await findActiveDevice(trx, caller.userId, targetId);
      if (!target) throw deviceNotFound();
      if ((target.is_admin === 1) !== isAdmin) {
        if (!isAdmin && (await countActiveAdmins(trx, caller.userId)) <= 1) throw lastAdminDevice();
        await updateDevice(trx, target.id, { is_admin: isAdmin ? 1 : 0, capabilities: withAdminCapability(target.capabilities, isAdmin) });
        await this.devices.recordEvent(trx, caller.userId, {
          type: isAdmin ? 'admin_granted' : 'admin_revoked',
          device: target,
          actorDeviceId: caller.deviceId,
        });
      }
      const updated = await findDevice(trx, caller.userId, targetId);
      if (!updated) throw deviceNotFound();
      return updated;
    });
    const plan = await this.subscription.planOf(caller.userId);
    return toDevice(row, plan, this.ctx.clock.now(), caller.deviceId);
  }

  /** Removes a deactivated device's record for good; an active one must be deactivated first. */
  async forceDelete(caller: Caller, targetId: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserDevices(trx, caller.userId);
      await this.requireAdminDevice(trx, caller);
      const target = await findDevice(trx, caller.userId, targetId);
      if (!target) throw deviceNotFound();
      if (target.is_active === 1) throw conflict('Deactivate the device before deleting it', ErrorCode.DEVICE_STILL_ACTIVE);
      await deleteInactiveDevice(trx, target.id);
      await this.devices.recordEvent(trx, caller.userId, { type: 'force_deleted', device: target, actorDeviceId: caller.deviceId });
    });
  }

  /** Records that the desktop client / agent of an enrolled machine should remove itself. */
  async requestUninstall(caller: Caller, targetId: string): Promise<void> {
    await this.requireAdminDevice(this.ctx.db, caller);
    const target = await findDevice(this.ctx.db, caller.userId, targetId);
    if (!target) throw deviceNotFound();
    if (target.registration_method !== 'token')
      throw badRequest('Only enrolled machines have a client to remove', ErrorCode.VALIDATION_ERROR);
    await this.devices.recordEvent(this.ctx.db, caller.userId, {
      type: 'uninstall_requested',
      device: target,
      actorDeviceId: caller.deviceId,
    });
  }

  private async deactivateOwn(trx: Transaction<Database>, caller: Caller, own: DevicesTable): Promise<void> {
    if (own.is_admin === 1 && (await countActiveAdmins(trx, caller.userId)) <= 1) throw lastAdminDevice();
    await this.retire(trx, caller.userId, own, { actorDeviceId: own.device_id, sessionReason: 'device_deactivated' });
  }

  /**
   * What every deactivation changes, whoever asked, in the asker's transaction: the device stops
   * counting, follows nothing, its sessions end and the change is recorded. The credential is
   * honoured only while the device is active, so it stops working with this commit; its hash
   * stays (unless `forgetCredential`) so that the agent's next call is told why (401
   * DEVICE_DEACTIVATED_REMOTELY), and enrolling again replaces it. Follow it with `announce`.
   */
  private async retire(
    trx: Transaction<Database>,
    userId: string,
    device: DevicesTable,
    by: { actorDeviceId: string | null; sessionReason: string; notice?: 'manual_deactivation'; detail?: string },
    options: { forgetCredential?: boolean } = {},
  ): Promise<void> {
    const at = isoNow(this.ctx.clock);
    await updateDevice(trx, device.id, {
      is_active: 0,
      deactivated_at: at,
      deactivated_by: by.actorDeviceId,
      ...(options.forgetCredential ? { credential_hash: null } : {}),
    });
    await deleteFollowsOfDevice(trx, device.id);
    await deleteMembershipsOfDevice(trx, device.id);
    await revokeDeviceSessions(trx, this.ctx.authCache, userId, device.device_id, at, by.sessionReason);
    if (by.notice) {
      await insertLogoutNotification(trx, {
        id: newId(),
        user_id: userId,
        device_id: device.device_id,
        device_name: device.device_name,
        reason: by.notice,
        shown: 0,
        created_at: at,
      });
    }
    await this.devices.recordEvent(trx, userId, { type: 'deactivated', device, actorDeviceId: by.actorDeviceId, detail: by.detail });
  }

  /**
   * After the commit (a listener in another process reads the row): the process holding the
   * machine's agent sends it device.deactivated and closes it with 4401; the agent forgets its
   * credential and stops. Every deactivation ends here, or a deactivated machine stays connected.
   */
  private async announce(deviceRowId: string, removeClient: boolean): Promise<void> {
    await this.ctx.bus.publish({ type: 'device.deactivated', deviceRowId, removeClient });
  }

  private async requireAdminDevice(db: Db, caller: Caller): Promise<DevicesTable> {
    const own = caller.deviceId ? await findActiveDevice(db, caller.userId, caller.deviceId) : undefined;
    if (own?.is_admin !== 1) throw notAdminDevice();
    return own;
  }

  private async countAttempt(userId: string): Promise<void> {
    try {
      await this.rateLimiter.hit(`device-deactivate:user:${userId}`, { limit: DEACTIVATION_ATTEMPTS_PER_HOUR, windowMs: HOUR_MS });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 429) throw error;
      const seconds = Number(error.details?.retryAfterSeconds ?? 60);
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw new AppError(
        429,
        ErrorCode.DEVICE_DEACTIVATION_RATE_LIMIT,
        `Too many deactivation attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        error.details,
      );
    }
  }
}
