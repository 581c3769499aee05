import { ErrorCode } from '@shared/api/errors';
import type { CreatePolicyInput, DevicePolicyResponse, PolicySettingsInput, Ring, UpdatePolicy } from '@shared/api/update-policies';

import { isoNow, type AppContext } from '../../context';
import { isUniqueViolation } from '../../db/dialect';
import { findGroup, groupsOfDevice, groupsOfUser } from '../../db/repositories/device-groups.repository';
import { findActiveDevice } from '../../db/repositories/devices.repository';
import {
  deletePolicy,
  exceptionsOf,
  findPolicy,
  insertPolicy,
  policiesOfUser,
  replaceExceptions,
  updatePolicy,
  usableAppIds,
  type PolicyRow,
} from '../../db/repositories/update-policies.repository';
import type { DevicesTable } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../security/tokens';
import { groupNotFound, groupsRequired } from '../device-groups/device-groups.service';
import { managersOf } from '../installation-plan';
import type { ListService } from '../list.service';
import type { SubscriptionService } from '../subscription.service';
import { choosePolicies } from './policy-choice';
import { nextWindowOf, toPolicy } from './policy-view';
import { canonicalTimeZone } from './window-times';

export function policiesRequired(): AppError {
  return new AppError(403, ErrorCode.PLAN_FEATURE_REQUIRED, 'Custom update schedules are part of Premium. Upgrade to schedule updates.');
}

const policyNotFound = () => notFound('Update policy not found', ErrorCode.POLICY_NOT_FOUND);
const deviceNotFound = () => notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);

const TARGET_WORDS = { account: 'Your account', device: 'This machine', group: 'This group', list: 'This list' } as const;

/** Only apt tells a security update apart (its security suite); machines without it get nothing from "security only". */
function canTellSecurity(device: Pick<DevicesTable, 'managers'>): boolean {
  return managersOf(device)?.includes('apt') ?? false;
}

/**
 * Update policies: the owner's rules for automatic updates, and which one decides for a machine.
 * The windows themselves are opened by PolicyRunner.
 */
export class UpdatePolicyService {
  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly lists: ListService,
  ) {}

  /** Also on the free plan: after a downgrade the owner still sees (and may delete) what no longer runs. */
  async list(userId: string): Promise<UpdatePolicy[]> {
    return this.views(await policiesOfUser(this.ctx.db, userId));
  }

  async create(userId: string, input: CreatePolicyInput): Promise<UpdatePolicy> {
    await this.assertPremium(userId);
    const target = { device_row_id: null as string | null, group_id: null as string | null, list_id: null as string | null };
    if (input.deviceId !== undefined) {
      const device = await this.machine(userId, input.deviceId);
      if (input.mode === 'security' && !canTellSecurity(device)) throw securityUnavailable();
      target.device_row_id = device.id;
    } else if (input.groupId !== undefined) {
      if (!(await this.subscription.planOf(userId)).capabilities.deviceGroups) throw groupsRequired();
      if (!(await findGroup(this.ctx.db, userId, input.groupId))) throw groupNotFound();
      target.group_id = input.groupId;
    } else if (input.listId !== undefined) {
      target.list_id = (await this.lists.detail(userId, input.listId)).id;
    }
    const exceptions = await this.checkedExceptions(userId, input.exceptAppIds);
    await this.checkRings(userId, input.rings);
    const now = isoNow(this.ctx.clock);
    const id = newId();
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        await insertPolicy(trx, { id, user_id: userId, ...target, ...this.settings(input), created_at: now, updated_at: now });
        await replaceExceptions(trx, id, exceptions);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const which = target.device_row_id ? 'device' : target.group_id ? 'group' : target.list_id ? 'list' : 'account';
        throw conflict(`${TARGET_WORDS[which]} has an update policy already; change that one.`, ErrorCode.POLICY_EXISTS);
      }
      throw error;
    }
    return this.get(userId, id);
  }

  async update(userId: string, id: string, input: PolicySettingsInput): Promise<UpdatePolicy> {
    const row = await findPolicy(this.ctx.db, userId, id);
    if (!row) throw policyNotFound();
    await this.assertPremium(userId);
    if (row.group_id !== null && !(await this.subscription.planOf(userId)).capabilities.deviceGroups) throw groupsRequired();
    if (input.mode === 'security' && row.device_row_id !== null && row.device_public_id !== null) {
      if (!canTellSecurity(await this.machine(userId, row.device_public_id))) throw securityUnavailable();
    }
    const exceptions = await this.checkedExceptions(userId, input.exceptAppIds);
    await this.checkRings(userId, input.rings);
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await updatePolicy(trx, userId, id, { ...this.settings(input), updated_at: isoNow(this.ctx.clock) }))) throw policyNotFound();
      await replaceExceptions(trx, id, exceptions);
    });
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deletePolicy(this.ctx.db, userId, id))) throw policyNotFound();
  }

  /** Which policy decides for this machine and why, with its next window on the machine's own clock. */
  async ofDevice(userId: string, deviceId: string): Promise<DevicePolicyResponse> {
    const device = await this.machine(userId, deviceId);
    const [rows, groups] = await Promise.all([policiesOfUser(this.ctx.db, userId), groupsOfDevice(this.ctx.db, userId, device.id)]);
    const choice = choosePolicies(rows, device.id, new Set(groups.map((group) => group.id)));
    const views = new Map((await this.views(rows)).map((view) => [view.id, view]));
    const chosen = choice.machine ? (views.get(choice.machine.id) ?? null) : null;
    const zone = device.time_zone ?? choice.machine?.time_zone ?? null;
    return {
      policy: chosen,
      reason: reasonOf(
        choice.source,
        choice.machine,
        rows.filter((row) => row.group_id !== null && groups.some((group) => group.id === row.group_id)).length,
      ),
      machineTimeZone: device.time_zone,
      nextWindow: choice.machine && zone ? nextWindowOf(choice.machine, zone, this.ctx.clock.now()) : null,
      listPolicies: choice.lists.flatMap((policy) => views.get(policy.id) ?? []),
    };
  }

  private async get(userId: string, id: string): Promise<UpdatePolicy> {
    const row = await findPolicy(this.ctx.db, userId, id);
    if (!row) throw policyNotFound();
    const [view] = await this.views([row]);
    if (!view) throw policyNotFound();
    return view;
  }

  private async views(rows: readonly PolicyRow[]): Promise<UpdatePolicy[]> {
    const userId = rows[0]?.user_id;
    if (userId === undefined) return [];
    const [exceptions, groups] = await Promise.all([
      exceptionsOf(
        this.ctx.db,
        rows.map((row) => row.id),
      ),
      groupsOfUser(this.ctx.db, userId),
    ]);
    const groupNames = new Map(groups.map((group) => [group.id, group.name]));
    const now = this.ctx.clock.now();
    return rows.map((row) =>
      toPolicy(
        row,
        exceptions.filter((entry) => entry.policy_id === row.id).map((entry) => ({ appId: entry.app_id, name: entry.name })),
        groupNames,
        now,
      ),
    );
  }

  /** An enrolled machine of this user (a registered browser has no updates to make). */
  private async machine(userId: string, deviceId: string): Promise<DevicesTable> {
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device || device.registration_method !== 'token') throw deviceNotFound();
    return device;
  }

  private async assertPremium(userId: string): Promise<void> {
    if (!(await this.subscription.planOf(userId)).capabilities.updateSchedules) throw policiesRequired();
  }

  /** Each excepted app must be one this user can see: a catalogue app or one of their own. */
  private async checkedExceptions(userId: string, appIds: readonly number[]): Promise<number[]> {
    const unique = [...new Set(appIds)];
    const usable = new Set(await usableAppIds(this.ctx.db, userId, unique));
    const unknown = unique.find((appId) => !usable.has(appId));
    if (unknown !== undefined)
      throw badRequest(`App ${unknown} is not in the catalogue or among your apps`, ErrorCode.APP_NOT_FOUND, {
        exceptAppIds: 'Unknown app',
      });
    return unique;
  }

  /** Rings are Annual Premium (a canary is usually a group), and each ring's group is one of the caller's. */
  private async checkRings(userId: string, rings: readonly Ring[]): Promise<void> {
    if (rings.length === 0) return;
    if (!(await this.subscription.planOf(userId)).capabilities.deviceGroups) throw ringsRequired();
    const groups = new Set((await groupsOfUser(this.ctx.db, userId)).map((group) => group.id));
    const unknown = rings.findIndex((ring) => ring.groupId !== null && !groups.has(ring.groupId));
    if (unknown >= 0) throw notFound('Group not found', ErrorCode.GROUP_NOT_FOUND);
    const shares = rings.reduce((sum, ring) => sum + (ring.percent ?? 0), 0);
    if (shares >= 100)
      throw badRequest('The rings take every machine before everyone: keep their shares under 100 %', ErrorCode.VALIDATION_ERROR, {
        rings: 'Shares add up to 100 % or more',
      });
  }

  /** The stored fields of a policy's settings. */
  private settings(input: PolicySettingsInput) {
    return {
      mode: input.mode,
      cadence: input.cadence,
      weekday: input.cadence === 'weekly' ? input.weekday : null,
      time: input.time,
      time_zone: canonicalTimeZone(input.timeZone),
      window_minutes: input.windowMinutes,
      offline: input.offline,
      rings: input.rings.length === 0 ? null : JSON.stringify(input.rings),
      soak_hours: input.soakHours,
      failure_threshold: input.failureThresholdPercent,
    };
  }
}

function ringsRequired(): AppError {
  return new AppError(
    403,
    ErrorCode.PLAN_FEATURE_REQUIRED,
    'Rollout rings are part of Annual Premium. Upgrade to roll updates out in rings.',
  );
}

function securityUnavailable(): AppError {
  return badRequest(
    'Only apt tells security updates apart, and this machine has no apt: choose all updates or none',
    ErrorCode.SECURITY_ONLY_UNAVAILABLE,
    { mode: 'Security updates only needs apt' },
  );
}

/** Why this policy decides; `groupPolicies` is how many of the machine's groups have one. */
function reasonOf(source: 'device' | 'group' | 'account' | null, policy: PolicyRow | null, groupPolicies: number): string {
  if (source === 'device') return "This machine's own policy decides.";
  if (source === 'group')
    return groupPolicies > 1
      ? `The policy of the group ${policy?.group_name ?? ''} decides: it is the oldest of the ${groupPolicies} policies of this machine's groups.`
      : `The policy of the group ${policy?.group_name ?? ''} decides.`;
  if (source === 'account') return "Your account's policy decides.";
  return 'No policy decides: its apps update when you update them, or by a policy of one of their lists.';
}
