import { ErrorCode } from '@shared/api/errors';
import { ROLLOUTS_SHOWN, type Ring, type Rollout } from '@shared/api/update-policies';
import { isItemFailed, isItemSkipped, isItemSucceeded } from '@shared/installation-states';
import { HOUR_MS } from '@shared/time';

import { isoNow, type AppContext } from '../../context';
import { groupsOfUser } from '../../db/repositories/device-groups.repository';
import {
  findRollout,
  insertRolloutMachine,
  itemsOfRolloutMachines,
  machinesOfRollouts,
  moveRollout,
  rolloutFor,
  rolloutsOfUser,
  runningRollouts,
  setMachineOutcome,
} from '../../db/repositories/policy-rollouts.repository';
import { findPolicy, type PolicyRow } from '../../db/repositories/update-policies.repository';
import type { PolicyRolloutsTable } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { newId } from '../../security/tokens';
import type { NotificationService } from '../notification.service';
import { judgeRing, ringName, ringOfMachine, ringsOf, type RingTally } from './rings';

const rolloutNotFound = () => notFound('Rollout not found', ErrorCode.ROLLOUT_NOT_FOUND);

/** An update the rings let go to a machine now, and the rollout that records it. */
export interface Admission {
  admitted: number[];
  tracked: { rolloutId: string; ring: number }[];
}

/**
 * Rollouts: a policy with rings sends each new version of an app to one ring at a time. `admit`
 * says which updates may go to a machine now (its ring is open); `review` (every scheduler tick)
 * reads what came of them, stops a rollout whose open ring failed past the threshold (and tells
 * the owner) or opens the next ring once this one soaked. The owner resumes or cancels.
 */
export class RolloutService {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationService,
  ) {}

  async admit(
    policy: PolicyRow,
    deviceRowId: string,
    groupIds: ReadonlySet<string>,
    updates: readonly { appId: number; version: string }[],
    now: Date,
  ): Promise<Admission> {
    const rings = ringsOf(policy);
    if (rings.length === 0) return { admitted: updates.map((update) => update.appId), tracked: [] };
    const ring = ringOfMachine(rings, deviceRowId, groupIds);
    const at = now.toISOString();
    const admission: Admission = { admitted: [], tracked: [] };
    for (const update of updates) {
      const rollout = await rolloutFor(this.ctx.db, {
        id: newId(),
        policy_id: policy.id,
        user_id: policy.user_id,
        app_id: update.appId,
        version: update.version,
        state: 'running',
        ring: 0,
        ring_opened_at: at,
        opened: JSON.stringify([at]),
        stopped_reason: null,
        created_at: at,
        updated_at: at,
      });
      if (rollout.state === 'done') admission.admitted.push(update.appId);
      else if (rollout.state === 'running' && ring <= rollout.ring) {
        admission.admitted.push(update.appId);
        admission.tracked.push({ rolloutId: rollout.id, ring });
      }
    }
    return admission;
  }

  async sent(tracked: Admission['tracked'], deviceRowId: string, installationId: string, now: Date): Promise<void> {
    for (const entry of tracked)
      await insertRolloutMachine(this.ctx.db, {
        rollout_id: entry.rolloutId,
        device_row_id: deviceRowId,
        ring: entry.ring,
        installation_id: installationId,
        outcome: 'sent',
        message: null,
        updated_at: now.toISOString(),
      });
  }

  /** The scheduler's part (inside the policies' lease): returns how many rollouts moved. */
  async review(now: Date): Promise<number> {
    let moved = 0;
    for (const rollout of await runningRollouts(this.ctx.db)) {
      try {
        if (await this.reviewOne(rollout, now)) moved += 1;
      } catch (error) {
        this.ctx.log.warn({ err: error, rolloutId: rollout.id }, 'rollout review failed');
      }
    }
    return moved;
  }

  private async reviewOne(rollout: PolicyRolloutsTable, now: Date): Promise<boolean> {
    const at = now.toISOString();
    for (const item of await itemsOfRolloutMachines(this.ctx.db, rollout.id, rollout.app_id)) {
      if (isItemSucceeded(item.status) || isItemSkipped(item.status))
        await setMachineOutcome(this.ctx.db, rollout.id, item.device_row_id, 'succeeded', item.message, at);
      else if (isItemFailed(item.status)) await setMachineOutcome(this.ctx.db, rollout.id, item.device_row_id, 'failed', item.message, at);
    }
    const policy = await findPolicy(this.ctx.db, rollout.user_id, rollout.policy_id);
    if (!policy) return false;
    const rings = ringsOf(policy);
    const machines = await machinesOfRollouts(this.ctx.db, [rollout.id]);
    const tally = tallyOf(machines.filter((machine) => machine.ring === rollout.ring));
    const soaked = now.getTime() - Date.parse(rollout.ring_opened_at) >= policy.soak_hours * HOUR_MS;
    const verdict = judgeRing(tally, policy.failure_threshold, soaked);
    if (verdict === 'stop') {
      const names = await this.groupNames(rollout.user_id);
      const finished = tally.succeeded + tally.failed;
      const reason = `${tally.failed} of ${finished} updates in ${ringName(rings[rollout.ring], names)} failed (${Math.round((tally.failed * 100) / finished)} %, more than ${policy.failure_threshold} %)`;
      if (
        !(await moveRollout(this.ctx.db, rollout.id, 'running', { state: 'stopped', stopped_reason: reason, updated_at: at }, rollout.ring))
      )
        return false;
      this.ctx.tasks.defer('rollout stopped', () => this.told(rollout, policy, reason));
      return true;
    }
    if (verdict === 'open-next') return this.openNext(rollout, rings, 'running', at);
    return false;
  }

  /** Opens the ring after the rollout's; opening the last (everyone) ends it. */
  private openNext(rollout: PolicyRolloutsTable, rings: readonly Ring[], from: 'running' | 'stopped', at: string): Promise<boolean> {
    const next = rollout.ring + 1;
    const opened = [...(JSON.parse(rollout.opened) as string[]), at];
    return moveRollout(
      this.ctx.db,
      rollout.id,
      from,
      {
        state: next >= rings.length ? 'done' : 'running',
        ring: next,
        ring_opened_at: at,
        opened: JSON.stringify(opened),
        stopped_reason: null,
        updated_at: at,
      },
      rollout.ring,
    );
  }

  private async told(rollout: PolicyRolloutsTable, policy: PolicyRow, reason: string): Promise<void> {
    const app = await this.ctx.catalogue.appsWithIds([rollout.app_id]);
    await this.notifications.rolloutStopped({
      userId: rollout.user_id,
      appName: app[0]?.name ?? `App ${rollout.app_id}`,
      version: rollout.version,
      policyName: policyName(policy),
      reason,
    });
  }

  async list(userId: string): Promise<Rollout[]> {
    const rows = await rolloutsOfUser(this.ctx.db, userId, ROLLOUTS_SHOWN);
    const machines = await machinesOfRollouts(
      this.ctx.db,
      rows.map((row) => row.id),
    );
    const names = await this.groupNames(userId);
    const policies = new Map<string, PolicyRow | undefined>();
    const views: Rollout[] = [];
    for (const row of rows) {
      if (!policies.has(row.policy_id)) policies.set(row.policy_id, await findPolicy(this.ctx.db, userId, row.policy_id));
      const policy = policies.get(row.policy_id);
      if (!policy) continue;
      const rings = ringsOf(policy);
      const opened = JSON.parse(row.opened) as string[];
      const own = machines.filter((machine) => machine.rollout_id === row.id);
      views.push({
        id: row.id,
        policyId: row.policy_id,
        policyName: policyName(policy),
        appId: row.app_id,
        appName: row.app_name,
        version: row.version,
        state: row.state,
        ring: Math.min(row.ring, rings.length),
        rings: [...rings, undefined].map((ring, index) => ({
          name: ringName(ring, names),
          openedAt: opened[index] ?? null,
          ...tallyOf(own.filter((machine) => machine.ring === index)),
        })),
        failures: own
          .filter((machine) => machine.outcome === 'failed')
          .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
          .map((machine) => ({
            deviceId: machine.device_id,
            deviceName: machine.device_name,
            ring: machine.ring,
            message: machine.message ?? 'Failed',
            at: machine.updated_at,
          })),
        stoppedReason: row.stopped_reason,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      });
    }
    return views;
  }

  /** The owner accepts what failed and goes on: the next ring opens now. */
  async resume(userId: string, rolloutId: string): Promise<void> {
    const rollout = await findRollout(this.ctx.db, userId, rolloutId);
    if (!rollout) throw rolloutNotFound();
    const policy = await findPolicy(this.ctx.db, userId, rollout.policy_id);
    if (!policy) throw rolloutNotFound();
    if (rollout.state !== 'stopped' || !(await this.openNext(rollout, ringsOf(policy), 'stopped', isoNow(this.ctx.clock))))
      throw conflict('Only a stopped rollout can be resumed', ErrorCode.ROLLOUT_NOT_STOPPED);
  }

  /** No more machines get this version through this policy (a newer version starts a new rollout). */
  async cancel(userId: string, rolloutId: string): Promise<void> {
    const rollout = await findRollout(this.ctx.db, userId, rolloutId);
    if (!rollout) throw rolloutNotFound();
    const at = isoNow(this.ctx.clock);
    const fields = { state: 'cancelled' as const, updated_at: at };
    if (rollout.state === 'running' || rollout.state === 'stopped') {
      if (await moveRollout(this.ctx.db, rollout.id, rollout.state, fields)) return;
    }
    throw conflict('This rollout has ended already', ErrorCode.ROLLOUT_ENDED);
  }

  private async groupNames(userId: string): Promise<Map<string, string>> {
    return new Map((await groupsOfUser(this.ctx.db, userId)).map((group) => [group.id, group.name]));
  }
}

function tallyOf(machines: readonly { outcome: 'sent' | 'succeeded' | 'failed' }[]): RingTally {
  return {
    sent: machines.length,
    succeeded: machines.filter((machine) => machine.outcome === 'succeeded').length,
    failed: machines.filter((machine) => machine.outcome === 'failed').length,
  };
}

function policyName(policy: PolicyRow): string {
  return policy.device_name ?? policy.group_name ?? policy.list_name ?? 'Your account';
}
