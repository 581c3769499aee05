import type { JobKind } from '@shared/agent/protocol';
import type { App } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/errors';
import {
  JOB_EXPIRY_DAYS,
  NEXT_START_DEADLINE_MAX_DAYS,
  RUNNING_JOB_AWAY_LIMIT_MS,
  type Installation,
  type InstallationSummary,
  type PreviewResponse,
} from '@shared/api/installations';
import {
  isItemFailed,
  isItemSkipped,
  isOpenTarget,
  isTargetDone,
  isTargetUntaken,
  itemStatusesBefore,
  targetStatusesBefore,
  UNSTARTED_ITEM_STATUSES,
  UNTAKEN_TARGET_STATUSES,
} from '@shared/installation-states';
import { DAY_MS, MINUTE_MS } from '@shared/time';

import type { EventBus } from '../bus/event-bus';
import { isoAfter, isoNow, type AppContext, type Caller } from '../context';
import { readConsistently } from '../db/dialect';
import { findAppsByIds } from '../db/repositories/catalogue.repository';
import { inventoryOf } from '../db/repositories/device-agent.repository';
import { findActiveDevice, seatHolderRowIds } from '../db/repositories/devices.repository';
import {
  endTargetsAway,
  finishInstallationsWithoutOpenTargets,
  runningTargetsAway,
} from '../db/repositories/installations-away.repository';
import {
  findInstallation,
  findInstallationByIdempotencyKey,
  findItem,
  insertInstallation,
  installationsOfUser,
  itemsOf,
  moveItemsOfTargets,
  moveTarget,
  overdueTargets,
  setInstallationFinished,
  storedJobColumns,
  targetsOf,
} from '../db/repositories/installations.repository';
import { pinsOfUser } from '../db/repositories/lists.repository';
import type { DevicesTable, InstallationItemsTable, InstallationTargetsTable } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { newId } from '../security/tokens';
import { toApp } from './catalogue.service';
import { isEnrolledMachine } from './device-view';
import type { DeviceService } from './device.service';
import type { InstallationEvents } from './installation-events';
import { availability, installationPreview, packagesOf } from './installation-plan';
import { expiryReason, toInstallation, toSummary } from './installation-view';
import { withLease, type Lease } from './lease';
import { listReadOnly } from './list-limits';
import type { ListService } from './list.service';
import type { RemovalConsent } from './removal-check.service';
import type { SubscriptionService } from './subscription.service';

export interface CreateInstallationInput {
  listId?: string;
  appIds?: number[];
  deviceIds: string[];
  kind: JobKind;
  /** Keep in sync (list-sync.service.ts): the followed list these apps came from, recorded with the installation. */
  keepInSync?: { listId: string; listName: string };
  /** "When the machine next starts or connects" (docs/update-policies.md): sent at the agent's next connection, cancelled at the deadline. */
  atNextStart?: { deadline: string };
  /** An update policy's window (update-policies/policy-runner.ts): the job waits only until expiresAt; the activity says it was scheduled. */
  scheduled?: { expiresAt: string; listId: string | null; listName: string | null };
  /** An uninstall the person confirmed after seeing what it removes (removal-check.service.ts). */
  removal?: RemovalConsent;
  /** A device group (device-groups/): the group whose desired state this brings the machines to, named in their activity. */
  forGroup?: string;
  /**
   * A rollback (device-groups/generations.service.ts): the generation it returns to, and the
   * version each app goes to (sent as the item's pinned version, which the agent installs exactly).
   */
  rollback?: { to: number; versions: ReadonlyMap<number, string> };
}

/** The other packages this item's removal may take: only for the app and device of the confirmed check. */
function consentFor(removal: RemovalConsent | undefined, device: DevicesTable, app: App): RemovalConsent | null {
  if (!removal || removal.deviceRowId !== device.id || removal.appId !== app.app_id) return null;
  return removal;
}

const installationNotFound = () => notFound('Installation not found', ErrorCode.INSTALLATION_NOT_FOUND);
const AWAY_LEASE: Lease = { name: 'running-jobs-away', ms: 5 * MINUTE_MS, release: 'after-run' };
const EXPIRY_LEASE: Lease = { name: 'overdue-jobs-expired', ms: 5 * MINUTE_MS, release: 'after-run' };

/**
 * Installations as their owner sees them (docs/decisions.md#installations): created with a job per device and an
 * item per app, stored before anything is sent; then cancelled, retried and read. What the
 * agents report arrives through AgentJobService; both tell the other processes on the bus.
 */
export class InstallationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly lists: ListService,
    private readonly devices: DeviceService,
    private readonly subscription: SubscriptionService,
    private readonly events: InstallationEvents,
  ) {}

  private readonly deadlineObservers: ((target: InstallationTargetsTable) => Promise<void>)[] = [];

  private get bus(): EventBus {
    return this.ctx.bus;
  }

  async create(caller: Caller, input: CreateInstallationInput, idempotencyKey: string | null): Promise<Installation> {
    if (idempotencyKey) {
      const earlier = await findInstallationByIdempotencyKey(this.ctx.db, caller.userId, idempotencyKey);
      if (earlier) return this.get(caller.userId, earlier.id);
    }
    const deadline = input.atNextStart ? this.checkedDeadline(input.atNextStart.deadline) : null;
    const { apps, listName, pins } = await this.appsToInstall(caller.userId, input);
    const devices = await this.eligibleDevices(caller.userId, input.deviceIds);
    const now = isoNow(this.ctx.clock);
    const installationId = newId();
    const targets: InstallationTargetsTable[] = [];
    const items: InstallationItemsTable[] = [];
    for (const device of devices) {
      const targetId = newId();
      const deviceItems = apps.map((app, position) => {
        const pin = input.kind === 'uninstall' ? null : (input.rollback?.versions.get(app.app_id) ?? pins.get(app.app_id) ?? null);
        const consent = consentFor(input.removal, device, app);
        // An update never moves a pinned app: the item is skipped with the reason the person reads.
        const reason = availability(app, device).reason ?? (input.kind === 'upgrade' && pin !== null ? pinnedReason(pin) : null);
        return {
          id: newId(),
          target_id: targetId,
          installation_id: installationId,
          position,
          app_id: app.app_id,
          app_name: app.name,
          ...storedJobColumns(packagesOf(app), consent?.alsoRemove ?? null, consent?.purge ?? false),
          pinned_version: pin,
          status: reason ? 'skipped' : 'queued',
          manager: null,
          version: null,
          exit_code: null,
          message: reason,
          log: null,
          updated_at: now,
        } satisfies InstallationItemsTable;
      });
      const nothingToDo = deviceItems.every((item) => isItemSkipped(item.status));
      targets.push({
        id: targetId,
        installation_id: installationId,
        user_id: caller.userId,
        device_row_id: device.id,
        status: nothingToDo ? 'done' : 'waiting',
        reason: null,
        created_at: now,
        expires_at: deadline ?? input.scheduled?.expiresAt ?? isoAfter(this.ctx.clock, JOB_EXPIRY_DAYS * DAY_MS),
        started_at: null,
        finished_at: nothingToDo ? now : null,
        not_before: deadline ? now : null,
      });
      items.push(...deviceItems);
    }
    const finished = targets.every((target) => isTargetDone(target.status));
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        await insertInstallation(
          trx,
          {
            id: installationId,
            user_id: caller.userId,
            kind: input.kind,
            list_id: input.listId ?? input.keepInSync?.listId ?? input.scheduled?.listId ?? null,
            list_name: listName ?? input.keepInSync?.listName ?? input.scheduled?.listName ?? null,
            idempotency_key: idempotencyKey,
            rollback_to: input.rollback?.to ?? null,
            created_at: now,
            finished_at: finished ? now : null,
          },
          targets,
          items,
        );
        for (const device of devices) {
          await this.devices.recordEvent(trx, caller.userId, {
            device,
            type: 'installation_requested',
            actorDeviceId: caller.deviceId,
            detail: `${input.scheduled ? 'scheduled ' : ''}${input.atNextStart ? 'next-start ' : ''}${input.kind} ${listName ?? input.scheduled?.listName ?? `${apps.length} apps`} (${installationId})${input.keepInSync ? `, to keep ${input.keepInSync.listName} in sync` : ''}${input.forGroup ? `, for the group ${input.forGroup}` : ''}${input.rollback ? `, back to generation ${input.rollback.to}` : ''}`,
          });
        }
      });
    } catch (error) {
      // Two requests with one Idempotency-Key at once: the second loses the unique race.
      const earlier = idempotencyKey ? await findInstallationByIdempotencyKey(this.ctx.db, caller.userId, idempotencyKey) : undefined;
      if (earlier) return this.get(caller.userId, earlier.id);
      throw error;
    }
    for (const target of targets) {
      if (isTargetUntaken(target.status))
        await this.bus.publish({ type: 'job.available', deviceRowId: target.device_row_id, targetId: target.id });
    }
    await this.events.changed(caller.userId, installationId);
    return this.get(caller.userId, installationId);
  }

  async preview(userId: string, listId: string, deviceIds: readonly string[]): Promise<PreviewResponse> {
    const { apps } = await this.appsToInstall(userId, { listId, deviceIds: [...deviceIds], kind: 'install' });
    const devices = await this.eligibleDevices(userId, deviceIds);
    const inventory = await inventoryOf(
      this.ctx.db,
      devices.map((device) => device.id),
    );
    return { devices: devices.map((device) => installationPreview(device, apps, inventory)) };
  }

  async list(userId: string): Promise<InstallationSummary[]> {
    const { rows, targets, items } = await readConsistently(this.ctx.db, async (trx) => {
      const rows = await installationsOfUser(trx, userId, 100);
      const ids = rows.map((row) => row.id);
      return { rows, targets: await targetsOf(trx, ids), items: await itemsOf(trx, ids) };
    });
    const now = this.ctx.clock.now();
    return rows.map((row) =>
      toSummary(
        toInstallation(
          row,
          targets.filter((target) => target.installation_id === row.id),
          items.filter((item) => item.installation_id === row.id),
          now,
        ),
      ),
    );
  }

  async get(userId: string, id: string): Promise<Installation> {
    // One snapshot: a job finishing between the reads must not show as succeeded with no finish time.
    const found = await readConsistently(this.ctx.db, async (trx) => {
      const row = await findInstallation(trx, userId, id);
      return row ? { row, targets: await targetsOf(trx, [id]), items: await itemsOf(trx, [id]) } : null;
    });
    if (!found) throw installationNotFound();
    return toInstallation(found.row, found.targets, found.items, this.ctx.clock.now());
  }

  async itemLog(userId: string, id: string, itemId: string) {
    if (!(await findInstallation(this.ctx.db, userId, id))) throw installationNotFound();
    const item = await findItem(this.ctx.db, id, itemId);
    if (!item) throw notFound('Item not found', ErrorCode.INSTALLATION_NOT_FOUND);
    return { log: item.log ?? '', exitCode: item.exit_code, message: item.message };
  }

  /**
   * Stops what has not started: waiting jobs end at once; a running agent is told to stop after
   * its current app. An installation that is over is answered as it is (its finish time stays).
   */
  async cancel(userId: string, id: string): Promise<Installation> {
    const installation = await this.get(userId, id);
    const now = isoNow(this.ctx.clock);
    const open = installation.targets.filter((target) => isOpenTarget(target.status));
    if (open.length === 0) return installation;
    await this.ctx.db.transaction().execute(async (trx) => {
      for (const target of open) {
        await moveTarget(trx, target.targetId, targetStatusesBefore('cancelled'), {
          status: 'cancelled',
          reason: 'Cancelled',
          finished_at: now,
        });
      }
      await moveItemsOfTargets(
        trx,
        open.map((target) => target.targetId),
        UNSTARTED_ITEM_STATUSES,
        { status: 'cancelled', message: 'Cancelled before it started', updated_at: now },
      );
      await setInstallationFinished(trx, id, now);
    });
    this.events.mayHaveFinished(userId, id);
    const rows = await targetsOf(this.ctx.db, [id]);
    for (const target of rows.filter((row) => open.some((o) => o.targetId === row.id))) {
      await this.bus.publish({ type: 'job.cancel', deviceRowId: target.device_row_id, targetId: target.id });
    }
    await this.events.changed(userId, id);
    return this.get(userId, id);
  }

  /** Queues the failed apps again, on the devices where they failed; nothing else runs twice. */
  async retry(userId: string, id: string): Promise<Installation> {
    const installation = await this.get(userId, id);
    const retried = installation.targets.filter((target) => target.items.some((item) => isItemFailed(item.status)));
    if (retried.length === 0) throw badRequest('Nothing failed, so there is nothing to retry', ErrorCode.NOTHING_TO_RETRY);
    const now = isoNow(this.ctx.clock);
    const rows = await targetsOf(this.ctx.db, [id]);
    await this.ctx.db.transaction().execute(async (trx) => {
      for (const target of retried) {
        await moveItemsOfTargets(trx, [target.targetId], itemStatusesBefore('queued'), {
          status: 'queued',
          manager: null,
          version: null,
          exit_code: null,
          message: null,
          log: null,
          updated_at: now,
        });
        await moveTarget(trx, target.targetId, targetStatusesBefore('waiting'), {
          status: 'waiting',
          reason: null,
          started_at: null,
          finished_at: null,
          expires_at: isoAfter(this.ctx.clock, JOB_EXPIRY_DAYS * DAY_MS),
        });
      }
      await setInstallationFinished(trx, id, null);
    });
    for (const target of rows.filter((row) => retried.some((r) => r.targetId === row.id))) {
      await this.bus.publish({ type: 'job.available', deviceRowId: target.device_row_id, targetId: target.id });
    }
    await this.events.changed(userId, id);
    return this.get(userId, id);
  }

  /** A next-start deadline: a moment ahead, at most NEXT_START_DEADLINE_MAX_DAYS away; its canonical ISO form. */
  private checkedDeadline(deadline: string): string {
    const at = Date.parse(deadline);
    const now = this.ctx.clock.now().getTime();
    if (at <= now) throw badRequest('The deadline has passed: choose a later one', ErrorCode.VALIDATION_ERROR, { deadline: 'In the past' });
    if (at - now > NEXT_START_DEADLINE_MAX_DAYS * DAY_MS)
      throw badRequest(`A deadline is at most ${NEXT_START_DEADLINE_MAX_DAYS} days away`, ErrorCode.VALIDATION_ERROR, {
        deadline: `More than ${NEXT_START_DEADLINE_MAX_DAYS} days away`,
      });
    return new Date(at).toISOString();
  }

  /** Told of each next-start job whose deadline passed (the owner is told). */
  observeDeadlinePassed(observer: (target: InstallationTargetsTable) => Promise<void>): void {
    this.deadlineObservers.push(observer);
  }

  /**
   * A scheduler task: waiting jobs nobody took before they expired (JOB_EXPIRY_DAYS, or a
   * schedule's window) end with that reason, their queued apps cancelled. Reads show an overdue
   * job expired before this runs (installation-view.ts); this makes it so for every other reader.
   * One process at a time holds the lease; each job moves only from waiting. Returns how many ended.
   */
  async expireOverdue(): Promise<number> {
    return withLease(this.ctx, EXPIRY_LEASE, 0, async (now) => {
      const nowIso = now.toISOString();
      let ended = 0;
      for (const target of await overdueTargets(this.ctx.db, nowIso)) {
        const reason = expiryReason(target);
        const moved = await this.ctx.db.transaction().execute(async (trx) => {
          if (!(await moveTarget(trx, target.id, UNTAKEN_TARGET_STATUSES, { status: 'expired', reason, finished_at: target.expires_at })))
            return false;
          await moveItemsOfTargets(trx, [target.id], UNSTARTED_ITEM_STATUSES, {
            status: 'cancelled',
            message: reason,
            updated_at: target.expires_at,
          });
          return true;
        });
        if (!moved) continue;
        ended += 1;
        if (target.not_before !== null)
          for (const observer of this.deadlineObservers) this.ctx.tasks.defer('deadline passed', () => observer(target));
        await this.events.changed(target.user_id, target.installation_id);
        this.events.mayHaveFinished(target.user_id, target.installation_id);
      }
      return ended;
    });
  }

  /**
   * A scheduler task: running jobs whose agent has not been heard from for
   * RUNNING_JOB_AWAY_LIMIT_MS end with AWAY_ENDED_REASON, and their unfinished apps fail with
   * it (no history: nobody knows yet what happened). One process at a time holds the lease; the
   * statements are set-based and conditional, so nothing ends twice. The returning agent is
   * sent the job again and its reports still land (AgentJobService). Returns how many ended.
   */
  async endRunningAway(): Promise<number> {
    return withLease(this.ctx, AWAY_LEASE, 0, async (now) => {
      const nowIso = now.toISOString();
      const heardBefore = new Date(now.getTime() - RUNNING_JOB_AWAY_LIMIT_MS).toISOString();
      const away = await runningTargetsAway(this.ctx.db, heardBefore);
      if (away.length === 0) return 0;
      const installationIds = [...new Set(away.map((target) => target.installation_id))];
      const ended = await this.ctx.db.transaction().execute(async (trx) => {
        const count = await endTargetsAway(
          trx,
          away.map((target) => target.id),
          heardBefore,
          nowIso,
        );
        await finishInstallationsWithoutOpenTargets(trx, installationIds, nowIso);
        return count;
      });
      for (const id of installationIds) {
        const owner = away.find((target) => target.installation_id === id)?.user_id;
        if (!owner) continue;
        await this.events.changed(owner, id);
        this.events.mayHaveFinished(owner, id);
      }
      return ended;
    });
  }

  /**
   * The apps and the pins that hold them (docs/pinned-versions.md): a list's install asks for that
   * list's pins; anything else (one app, "Update all", a schedule, keep in sync) for the user's
   * pins across their lists, the oldest list's first.
   */
  private async appsToInstall(
    userId: string,
    input: CreateInstallationInput,
  ): Promise<{ apps: App[]; listName: string | null; pins: Map<number, string> }> {
    const pins = await pinsOfUser(this.ctx.db, userId);
    if (input.listId !== undefined) {
      const list = await this.lists.detail(userId, input.listId);
      // A list beyond the plan after a downgrade is read-only, installs included.
      if (list.readOnly) throw listReadOnly();
      if (list.apps.length === 0) throw badRequest('This list has no apps to install yet', ErrorCode.LIST_EMPTY);
      for (const app of list.apps) if (app.pinnedVersion !== null) pins.set(app.app_id, app.pinnedVersion);
      return { apps: list.apps, listName: list.name, pins };
    }
    const ids = [...new Set(input.appIds ?? [])];
    const rows = await findAppsByIds(this.ctx.db, ids, userId);
    if (rows.length !== ids.length) throw notFound('App not found', ErrorCode.APP_NOT_FOUND);
    const byId = new Map(rows.map((row) => [row.id, toApp(row)]));
    return { apps: ids.map((appId) => byId.get(appId)).filter((app): app is App => app !== undefined), listName: null, pins };
  }

  /** Install targets: the owner's active, token-registered remote machines without web access. */
  async eligibleDevices(userId: string, deviceIds: readonly string[]): Promise<DevicesTable[]> {
    const devices: DevicesTable[] = [];
    const seatLimit = (await this.subscription.planOf(userId)).limits.devices;
    const seatHolders = await seatHolderRowIds(this.ctx.db, userId);
    for (const deviceId of new Set(deviceIds)) {
      const device = await findActiveDevice(this.ctx.db, userId, deviceId);
      if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
      if (!isEnrolledMachine(device)) {
        throw badRequest(
          `${device.device_name} cannot receive installations: only machines enrolled with a registration token can`,
          ErrorCode.DEVICE_NOT_ELIGIBLE,
        );
      }
      // After a downgrade, devices past the seat limit (newest first) wait until some are deactivated.
      if (seatHolders.indexOf(device.id) >= seatLimit) {
        throw forbidden(
          `${device.device_name} is beyond the ${seatLimit} devices your plan includes. Deactivate ${seatHolders.length - seatLimit} device${seatHolders.length - seatLimit === 1 ? '' : 's'} or upgrade to install onto it.`,
          ErrorCode.DEVICE_OVER_SEAT_LIMIT,
        );
      }
      devices.push(device);
    }
    return devices;
  }
}

/** Why an update left an app alone: the words the device page and the installation show. */
export function pinnedReason(version: string): string {
  return `Pinned at ${version}`;
}
