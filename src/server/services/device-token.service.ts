import type { Transaction } from 'kysely';

import type { DeviceToken, EnrollResponse } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/errors';
import { LIMITS } from '@shared/constants';
import { HOUR_MS } from '@shared/time';

import { isoAfter, isoNow, type AppContext, type Caller } from '../context';
import { groupsOfUser } from '../db/repositories/device-groups.repository';
import {
  activeDeviceTokensOf,
  claimDeviceTokenUse,
  countTokensCreatedSince,
  findDeviceTokenByHash,
  insertDeviceToken,
  revokeDeviceToken,
} from '../db/repositories/device-tokens.repository';
import {
  countSeatsUsed,
  findActiveDevice,
  findActiveMachineByFingerprint,
  findDevice,
  findDeviceByCredentialHash,
  lockUserDevices,
  touchDevice,
  updateDevice,
} from '../db/repositories/devices.repository';
import type { Database, Db, DevicesTable, DeviceTokensTable } from '../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../errors';
import { CodeCipher, newRegistrationCode, normalizeRegistrationCode } from '../security/code-cipher';
import { hashToken, newId, randomToken } from '../security/tokens';
import { capabilitiesFor, normalizePlatform, toDevice } from './device-view';
import { deviceLimitReached, type DeviceService } from './device.service';
import type { MachineEvents } from './machine-events';
import type { ReleaseSigning } from './release-signing';
import type { SubscriptionService } from './subscription.service';

/** Registration tokens a user may generate per hour (past it: TOKEN_RATE_LIMIT). */
export const TOKENS_PER_HOUR = 10;

export interface EnrollInput {
  code: string;
  deviceId: string;
  deviceName: string;
  platform?: string;
  arch?: string;
  hardwareFingerprint?: string;
  agentVersion?: string;
}

const codeInvalid = () => badRequest('This registration code is not valid', ErrorCode.REGISTRATION_CODE_INVALID);

/**
 * Registration tokens and the enrolment of remote machines with them (docs/decisions.md, "Devices and
 * enrolment"). A token's uses and the account's seats are claimed in one transaction under
 * the per-user lock, so parallel enrolments can never pass either limit.
 */
export class DeviceTokenService {
  private readonly cipher: CodeCipher;

  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly devices: DeviceService,
    private readonly releases: ReleaseSigning,
    private readonly machines: MachineEvents,
    /** Checks a token's group (device groups' service): the user's, and the plan has groups. */
    private readonly groupCheck: (userId: string, groupId: string) => Promise<unknown>,
  ) {
    this.cipher = new CodeCipher(ctx.config.jwtSecret);
  }

  /** Tokens that can still enrol: none while every seat is taken (they "expire when seats fill"). */
  async list(userId: string): Promise<DeviceToken[]> {
    const plan = await this.subscription.planOf(userId);
    if ((await countSeatsUsed(this.ctx.db, userId)) >= plan.limits.devices) return [];
    const rows = await activeDeviceTokensOf(this.ctx.db, userId, isoNow(this.ctx.clock));
    const groups = await this.groupNames(userId);
    return rows.map((row) => this.toToken(row, groups));
  }

  async create(caller: Caller, maxUses: number, groupId: string | null = null): Promise<DeviceToken> {
    const own = caller.deviceId ? await findActiveDevice(this.ctx.db, caller.userId, caller.deviceId) : undefined;
    if (own?.is_admin !== 1) throw forbidden('You do not have permission to generate tokens', ErrorCode.NOT_ADMIN_DEVICE);
    if (maxUses < 1) throw badRequest('Max uses must be at least 1', ErrorCode.INVALID_MAX_USES);
    // Another user's group answers 404, as a missing one; without the plan, 403.
    if (groupId !== null) await this.groupCheck(caller.userId, groupId);
    return this.ctx.db.transaction().execute(async (trx) => {
      await lockUserDevices(trx, caller.userId);
      const since = new Date(this.ctx.clock.now().getTime() - HOUR_MS).toISOString();
      if ((await countTokensCreatedSince(trx, caller.userId, since)) >= TOKENS_PER_HOUR) {
        throw tooManyRequests(
          `You can generate at most ${TOKENS_PER_HOUR} tokens per hour. Please try again later.`,
          ErrorCode.TOKEN_RATE_LIMIT,
        );
      }
      const plan = await this.subscription.planOf(caller.userId, trx);
      const free = plan.limits.devices - (await countSeatsUsed(trx, caller.userId));
      if (free <= 0) throw badRequest('No available seats for new devices', ErrorCode.NO_SEATS_AVAILABLE);
      if (maxUses > free) throw badRequest(`Max uses cannot exceed available seats (${free})`, ErrorCode.INVALID_MAX_USES);
      const code = newRegistrationCode();
      const row: DeviceTokensTable = {
        id: newId(),
        user_id: caller.userId,
        code_hash: hashToken(normalizeRegistrationCode(code)),
        code_encrypted: this.cipher.encrypt(code),
        max_uses: maxUses,
        uses: 0,
        created_at: isoNow(this.ctx.clock),
        expires_at: isoAfter(this.ctx.clock, LIMITS.registrationTokenHours * HOUR_MS),
        revoked_at: null,
        group_id: groupId,
      };
      await insertDeviceToken(trx, row);
      return this.toToken(row, await this.groupNames(caller.userId, trx));
    });
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await revokeDeviceToken(this.ctx.db, userId, id, isoNow(this.ctx.clock)))) {
      throw notFound('Token not found', ErrorCode.TOKEN_NOT_FOUND);
    }
  }

  /** What the agent calls with a code: a remote, token-registered device and its credential (shown once). */
  async enroll(input: EnrollInput): Promise<EnrollResponse> {
    const normalized = normalizeRegistrationCode(input.code);
    if (normalized.length < 20) throw codeInvalid();
    const codeHash = hashToken(normalized);
    const credential = randomToken();
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const found = await findDeviceTokenByHash(trx, codeHash);
      if (!found) throw codeInvalid();
      await lockUserDevices(trx, found.user_id);
      // Read again under the lock: parallel enrolments have committed their uses by now.
      const token = await findDeviceTokenByHash(trx, codeHash);
      if (!token) throw codeInvalid();
      if (token.revoked_at !== null || token.expires_at <= isoNow(this.ctx.clock)) {
        throw badRequest('This registration code has expired', ErrorCode.REGISTRATION_CODE_EXPIRED);
      }
      if (token.uses >= token.max_uses) throw badRequest('This registration code has been used up', ErrorCode.REGISTRATION_CODE_USED_UP);
      const userId = token.user_id;
      // The same hardware enrolling again (another folder, another user of the machine) takes its
      // device over instead of a second seat. The fingerprint is the client's word: it is only
      // looked up among this account's machines, so it can never reach another user's device.
      const sameMachine = input.hardwareFingerprint
        ? await findActiveMachineByFingerprint(trx, userId, input.hardwareFingerprint)
        : undefined;
      if (sameMachine) {
        if (!(await claimDeviceTokenUse(trx, token.id)))
          throw badRequest('This registration code has been used up', ErrorCode.REGISTRATION_CODE_USED_UP);
        const device = await this.takeOver(trx, sameMachine, input, credential, token.id);
        return { device, plan: await this.subscription.planOf(userId, trx), groupId: token.group_id };
      }
      const existing = await findDevice(trx, userId, input.deviceId);
      if (existing?.is_active === 1) throw conflict('This device is already registered', ErrorCode.DEVICE_ALREADY_REGISTERED);
      const plan = await this.subscription.planOf(userId, trx);
      if ((await countSeatsUsed(trx, userId)) >= plan.limits.devices) throw deviceLimitReached(plan);
      if (!(await claimDeviceTokenUse(trx, token.id)))
        throw badRequest('This registration code has been used up', ErrorCode.REGISTRATION_CODE_USED_UP);

      const now = isoNow(this.ctx.clock);
      const fields = {
        device_name: input.deviceName,
        platform: normalizePlatform(input.platform),
        device_type: 'remote',
        registration_method: 'token',
        capabilities: JSON.stringify(capabilitiesFor('remote', false)),
        is_active: 1,
        is_admin: 0,
        hardware_fingerprint: input.hardwareFingerprint ?? null,
        arch: input.arch ?? null,
        agent_version: input.agentVersion ?? null,
        credential_hash: hashToken(credential),
        created_at: now,
        last_active_at: now,
        deactivated_at: null,
        deactivated_by: null,
      } satisfies Partial<DevicesTable>;
      const device = await this.devices.saveActivation(trx, userId, input.deviceId, existing, fields);
      await this.devices.recordEvent(trx, userId, { type: 'enrolled', device, detail: `token ${token.id}` });
      return { device, plan, groupId: token.group_id };
    });
    // Its token's group, and the groups whose rule it matches, take it in (and install their lists) after it has its credential.
    const enrolled = row.device;
    this.ctx.tasks.defer('machine enrolled', () => this.machines.changed({ device: enrolled, enrolledIntoGroupId: row.groupId }));
    return {
      credential,
      device: toDevice(row.device, row.plan, this.ctx.clock.now(), null),
      // Pinned by the agent: builds it fetches later must be signed by this key.
      releasePublicKey: this.releases.publicKey,
    };
  }

  /**
   * The machine's device, enrolled again: the same row (its name, installations, inventory and
   * history stay), a new credential (the old one stops working with this commit) and no new
   * seat. The agent still connected with the old credential is told to stop, as a deactivated
   * one is: the new enrolment's agent connects only after this answer, so it never hears it.
   */
  private async takeOver(
    trx: Transaction<Database>,
    machine: DevicesTable,
    input: EnrollInput,
    credential: string,
    tokenId: string,
  ): Promise<DevicesTable> {
    const now = isoNow(this.ctx.clock);
    await updateDevice(trx, machine.id, {
      credential_hash: hashToken(credential),
      platform: normalizePlatform(input.platform),
      arch: input.arch ?? machine.arch,
      agent_version: input.agentVersion ?? machine.agent_version,
      last_active_at: now,
      duplicate_agent_at: null,
      duplicate_agent_from: null,
    });
    await this.devices.recordEvent(trx, machine.user_id, {
      type: 'enrolled',
      device: machine,
      detail: `token ${tokenId}; took over the earlier enrolment of this machine`,
    });
    await this.ctx.bus.publishWith(trx, { type: 'device.deactivated', deviceRowId: machine.id, removeClient: false });
    const row = await findDevice(trx, machine.user_id, machine.device_id);
    if (!row) throw new Error('taken-over device not found');
    return row;
  }

  /** The active device behind an agent's credential; 401 for an unknown one or a deactivated device's. */
  async deviceOfCredential(credential: string | null): Promise<DevicesTable> {
    const row = credential ? await findDeviceByCredentialHash(this.ctx.db, hashToken(credential)) : undefined;
    if (!row) throw unauthorized('This device credential is not valid.', ErrorCode.TOKEN_INVALID);
    if (row.is_active !== 1) {
      throw new AppError(401, ErrorCode.DEVICE_DEACTIVATED_REMOTELY, 'Your device has been deactivated from another location.');
    }
    return row;
  }

  async authenticateAgent(credential: string | null) {
    const row = await this.deviceOfCredential(credential);
    const now = isoNow(this.ctx.clock);
    await touchDevice(this.ctx.db, row.id, now);
    const plan = await this.subscription.planOf(row.user_id);
    return toDevice({ ...row, last_active_at: now }, plan, this.ctx.clock.now(), row.device_id);
  }

  /** The names of the user's groups, for the tokens that enrol into one. */
  private async groupNames(userId: string, db: Db = this.ctx.db): Promise<Map<string, string>> {
    return new Map((await groupsOfUser(db, userId)).map((group) => [group.id, group.name]));
  }

  private toToken(row: DeviceTokensTable, groups: ReadonlyMap<string, string>): DeviceToken {
    const code = this.cipher.decrypt(row.code_encrypted);
    return {
      id: row.id,
      code,
      expires_at: row.expires_at,
      uses: row.uses,
      max_uses: row.max_uses,
      created_at: row.created_at,
      registration_url: `${this.ctx.config.publicUrl}/devices/enroll?code=${encodeURIComponent(code)}`,
      groupId: row.group_id !== null && groups.has(row.group_id) ? row.group_id : null,
      groupName: row.group_id !== null ? (groups.get(row.group_id) ?? null) : null,
    };
  }
}
