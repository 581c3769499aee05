import type { DeviceInventory } from '@shared/api/installations';
import { DAY_MS, MINUTE_MS } from '@shared/time';

import type { AppContext, Caller } from '../../context';
import { machinesOfUser, membershipsOfDevices } from '../../db/repositories/device-groups.repository';
import {
  appsOfLists,
  claimPolicyRun,
  exceptionsOf,
  policiesOfUser,
  pruneRunsBefore,
  recordPolicyRun,
  usersWithActivePolicies,
  type PolicyRow,
} from '../../db/repositories/update-policies.repository';
import type { DevicesTable } from '../../db/schema';
import { actingFor } from '../acting-for';
import { groupBy } from '../group-by';
import type { InstallationService } from '../installation.service';
import type { InventoryService } from '../inventory.service';
import { withLease, type Lease } from '../lease';
import type { SubscriptionService } from '../subscription.service';
import { choosePolicies, policyOfApp } from './policy-choice';
import { timingOf } from './policy-view';
import type { RolloutService } from './rollouts.service';
import { nextOccurrence, openWindowAt, type WindowTimes } from './window-times';

const RUN_LEASE: Lease = { name: 'update-policies', ms: 5 * MINUTE_MS, release: 'after-run' };
/** A run row only matters while its window could be looked at again. */
const RUNS_KEPT_MS = 35 * DAY_MS;

/** What one user's policies need while their windows are looked at. */
interface PolicyWorld {
  caller: Caller;
  policies: PolicyRow[];
  machines: DevicesTable[];
  groupsOf: Map<string, Set<string>>;
  appsOfList: Map<string, Set<number>>;
  exceptions: Map<string, Set<number>>;
}

/**
 * Opens update policies' windows: at every scheduler tick, each machine whose policy's window is
 * open on its own clock, and that this window has not yet been sent to, gets one `upgrade`
 * installation of the apps that policy decides for and that are out of date. One process at a
 * time holds the lease, and each (policy, machine, window) is claimed by inserting its run row,
 * so a window sends once however many processes look.
 */
export class PolicyRunner {
  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly installations: InstallationService,
    private readonly inventory: InventoryService,
    private readonly rollouts: RolloutService,
  ) {}

  /** The scheduler's task; returns how many machines were sent updates. */
  async openWindows(): Promise<number> {
    return withLease(this.ctx, RUN_LEASE, 0, async (now) => {
      await pruneRunsBefore(this.ctx.db, new Date(now.getTime() - RUNS_KEPT_MS).toISOString());
      // Rings open (or rollouts stop) before windows send, so a ring opened now is sent to now.
      await this.rollouts.review(now);
      let sent = 0;
      for (const userId of await usersWithActivePolicies(this.ctx.db)) {
        try {
          sent += await this.openWindowsOf(userId, now);
        } catch (error) {
          // One account failing (a list gone, a plan unread) does not stop the others.
          this.ctx.log.warn({ err: error, userId }, 'update policy windows failed');
        }
      }
      return sent;
    });
  }

  private async openWindowsOf(userId: string, now: Date): Promise<number> {
    const world = await this.worldOf(userId);
    if (!world) return 0;
    let sent = 0;
    for (const device of world.machines) {
      const choice = choosePolicies(world.policies, device.id, world.groupsOf.get(device.id) ?? new Set());
      let inventory: DeviceInventory | null = null;
      for (const policy of [choice.machine, ...choice.lists]) {
        if (!policy || policy.mode === 'off') continue;
        const zone = device.time_zone ?? policy.time_zone;
        const window = openWindowAt(timingOf(policy, zone), policy.window_minutes, now);
        if (!window) continue;
        const opensAt = window.opensAt.toISOString();
        if (!(await claimPolicyRun(this.ctx.db, policy.id, device.id, opensAt, now.toISOString()))) continue;
        inventory ??= await this.inventory.inventory(userId, device.device_id);
        const updates = inventory.apps
          .filter((app) => policyOfApp(choice, app.appId, world.appsOfList) === policy && !world.exceptions.get(policy.id)?.has(app.appId))
          .filter((app) => updatable(app, policy.mode === 'security'))
          .map((app) => ({ appId: app.appId, version: app.availableVersion ?? '' }));
        // With rings, a version goes only where its rollout's open ring reaches.
        const admission = await this.rollouts.admit(policy, device.id, world.groupsOf.get(device.id) ?? new Set(), updates, now);
        if (admission.admitted.length === 0) continue;
        const installationId = await this.send(world.caller, policy, device, admission.admitted, window, zone, now);
        if (installationId === null) continue;
        await this.rollouts.sent(admission.tracked, device.id, installationId, now);
        sent += 1;
      }
    }
    return sent;
  }

  /** One window's updates to one machine: the installation's id, or null when it could not be made (seat limit). */
  private async send(
    caller: Caller,
    policy: PolicyRow,
    device: DevicesTable,
    appIds: number[],
    window: WindowTimes,
    zone: string,
    now: Date,
  ): Promise<string | null> {
    const opensAt = window.opensAt.toISOString();
    // A machine that is off waits until the window closes, or until the next one opens.
    const expiresAt = policy.offline === 'next-window' ? window.closesAt : nextOccurrence(timingOf(policy, zone), window.opensAt);
    try {
      const installation = await this.installations.create(
        caller,
        {
          appIds,
          deviceIds: [device.device_id],
          kind: 'upgrade',
          scheduled: { expiresAt: expiresAt.toISOString(), listId: policy.list_id, listName: policy.list_name },
        },
        `policy:${policy.id}:${opensAt}:${device.device_id}`,
      );
      await recordPolicyRun(this.ctx.db, policy.id, device.id, opensAt, installation.id, now.toISOString());
      return installation.id;
    } catch (error) {
      this.ctx.log.warn({ err: error, policyId: policy.id, deviceId: device.device_id }, 'policy upgrade not created');
      return null;
    }
  }

  /** The account's policies and what choosing between them reads; null when nothing may run. */
  private async worldOf(userId: string): Promise<PolicyWorld | null> {
    const caller = await actingFor(this.ctx, this.subscription, userId);
    // After a downgrade policies stay but do not run; a group's needs groups in the plan.
    if (!caller?.plan.capabilities.updateSchedules) return null;
    const policies = (await policiesOfUser(this.ctx.db, userId)).filter(
      (policy) => policy.group_id === null || caller.plan.capabilities.deviceGroups,
    );
    const machines = await machinesOfUser(this.ctx.db, userId);
    const [memberships, listApps, exceptionRows] = await Promise.all([
      membershipsOfDevices(
        this.ctx.db,
        userId,
        machines.map((machine) => machine.id),
      ),
      appsOfLists(
        this.ctx.db,
        policies.flatMap((policy) => policy.list_id ?? []),
      ),
      exceptionsOf(
        this.ctx.db,
        policies.map((policy) => policy.id),
      ),
    ]);
    return {
      caller,
      policies,
      machines,
      groupsOf: setsBy(
        memberships,
        (row) => row.device_row_id,
        (row) => row.group_id,
      ),
      appsOfList: setsBy(
        listApps,
        (row) => row.list_id,
        (row) => row.app_id,
      ),
      exceptions: setsBy(
        exceptionRows,
        (row) => row.policy_id,
        (row) => row.app_id,
      ),
    };
  }
}

/** The values of the rows under each key, as sets. */
function setsBy<R, V>(rows: readonly R[], key: (row: R) => string, value: (row: R) => V): Map<string, Set<V>> {
  return new Map([...groupBy(rows, key)].map(([k, group]) => [k, new Set(group.map(value))]));
}

/** An app a policy moves: a newer version is there, the owner did not pin it, and (security only) apt calls it a security update. */
function updatable(app: DeviceInventory['apps'][number], securityOnly: boolean): boolean {
  if (app.availableVersion === null || app.pinnedVersion !== null) return false;
  return !securityOnly || app.securityUpdate;
}
