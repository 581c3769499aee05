import type { AgentMessage, Job, ManagerName } from '@shared/agent/protocol';
import { PACKAGE_ID_FIELDS } from '@shared/api/catalogue';
import { AWAY_ENDED_REASON, PACKAGE_ID_MANAGERS } from '@shared/api/installations';
import {
  isFinalItem,
  isItemFailed,
  isItemSucceeded,
  isOpenItem,
  isOpenTarget,
  isTargetExpired,
  isTargetRunning,
  isTargetUntaken,
  itemStatusesBefore,
  OPEN_ITEM_STATUSES,
  OPEN_TARGET_STATUSES,
  UNTAKEN_TARGET_STATUSES,
} from '@shared/installation-states';

import { isoNow, type AppContext } from '../context';
import { installedVersionOf, inventoryCheckedAt, inventoryOf } from '../db/repositories/device-agent.repository';
import { holdUpdate, withdrawAvailableVersion } from '../db/repositories/held-updates.repository';
import {
  finishInstallationsWithoutOpenTargets,
  finishTargetEndedAway,
  moveItemEndedAway,
} from '../db/repositories/installations-away.repository';
import {
  findInstallationById,
  findItem,
  findTargetOfDevice,
  itemsOfTarget,
  moveItem,
  moveItemsOfTargets,
  moveTarget,
  readStoredJob,
  setInstallationFinished,
  targetsOf,
  unfinishedTargetsOfDevice,
} from '../db/repositories/installations.repository';
import { insertHistory, lastRecordedVersion } from '../db/repositories/update-history.repository';
import type { Db, DevicesTable, InstallationItemsTable, InstallationTargetsTable } from '../db/schema';
import { newId } from '../security/tokens';
import type { InstallationEvents } from './installation-events';
import { packagesOf } from './installation-plan';
import type { NotificationService } from './notification.service';
import { ProgressThrottle } from './progress-throttle';

type ProgressReport = Extract<AgentMessage, { type: 'item.progress' }>;

/** The device row an agent's credential stands for. */
export type AgentDevice = DevicesTable;

/** What the owner reads of an app whose stored job could not be read (the server's log has the details). */
export const UNREADABLE_JOB_MESSAGE = 'This app could not be sent: its stored job is damaged. Start the installation again.';

/** How often a job is sent again for the final reports its job.done came without. */
const MISSING_REPORT_ASKS = 3;
const ASKED_TARGETS_KEPT = 10_000;

/** A running job ended because its agent went away (InstallationService.endRunningAway). */
function endedAway(target: Pick<InstallationTargetsTable, 'status' | 'reason'>): boolean {
  return isTargetExpired(target.status) && target.reason === AWAY_ENDED_REASON;
}

/**
 * Whether a report moves this item: forward only, along the registry's transitions
 * (src/shared/installation-states.ts), so a repeated or late report changes nothing ("installing"
 * again is the latest word on how it is getting on; ProgressThrottle keeps it to a few a second);
 * or the agent's final word on an app its job ended with while it was away.
 */
function reportMoves(item: Pick<InstallationItemsTable, 'status' | 'message'>, status: ProgressReport['status'], late: boolean): boolean {
  if (itemStatusesBefore(status).includes(item.status)) return true;
  return late && isFinalItem(status) && isItemFailed(item.status) && item.message === AWAY_ENDED_REASON;
}

/**
 * The agent's side of installations (docs/delivery.md): which device a credential is, the jobs it
 * still has to run, and what it reports. Every report is idempotent, so at-least-once
 * delivery runs each app at most once in the record.
 */
export class AgentJobService {
  constructor(
    private readonly ctx: AppContext,
    private readonly events: InstallationEvents,
    private readonly notifications: NotificationService,
  ) {}

  /** Jobs asked again for reports that job.done came without, and how often (this process). */
  private readonly askedForReports = new Map<string, number>();

  private readonly finishedObservers: ((device: DevicesTable, target: InstallationTargetsTable) => Promise<void>)[] = [];

  /** Told once per job that finished (after its commit, in the background): generations are recorded from it. */
  observeFinishedJobs(observer: (device: DevicesTable, target: InstallationTargetsTable) => Promise<void>): void {
    this.finishedObservers.push(observer);
  }

  /** Every job the device has not finished, with the apps still to do: sent on each (re)connect (begun at `connectedAt`). */
  async pendingJobs(device: DevicesTable, connectedAt?: string): Promise<Job[]> {
    const targets = await unfinishedTargetsOfDevice(this.ctx.db, device.id);
    const jobs: Job[] = [];
    for (const target of targets) {
      const job = await this.jobOf(device, target.id, connectedAt);
      if (job) jobs.push(job);
    }
    return jobs;
  }

  /**
   * The job to send to the device's connection begun at `connectedAt`, or null. A next-start job
   * waits for a connection that began after it was made: the machine's next start or connection.
   */
  async jobOf(device: DevicesTable, targetId: string, connectedAt?: string): Promise<Job | null> {
    const target = await findTargetOfDevice(this.ctx.db, device.id, targetId);
    if (!target || (!isOpenTarget(target.status) && !endedAway(target))) return null;
    if (isTargetUntaken(target.status) && target.not_before !== null && !(connectedAt !== undefined && connectedAt > target.not_before))
      return null;
    // Past its expiry (a schedule's maintenance window) a waiting job is not sent, even before expireOverdue ran;
    // nor is one ended while its agent was away (an agent that no longer remembers it would run it again).
    if (!isTargetRunning(target.status) && target.expires_at <= isoNow(this.ctx.clock)) return null;
    const installation = await findInstallationById(this.ctx.db, target.installation_id);
    if (!installation) return null;
    // A job ended while its agent was away is sent again with the apps it ended with: the agent
    // answers with the outcomes it remembers (jobs.ts), which is how its late reports arrive.
    const items = (await itemsOfTarget(this.ctx.db, target.id)).filter(
      (item) => isOpenItem(item.status) || (endedAway(target) && reportMoves(item, 'succeeded', true)),
    );
    if (items.length === 0 && endedAway(target)) return null;
    const jobItems: Job['items'] = [];
    for (const item of items) {
      const stored = readStoredJob(item);
      if (!stored.ok) {
        await this.failUnreadable(device, target, item.id, stored.error);
        continue;
      }
      jobItems.push({
        itemId: item.id,
        appId: item.app_id,
        name: item.app_name,
        // A job stored before an id was found broken still never carries it.
        packages: packagesOf(stored.job.packages),
        ...(stored.job.alsoRemove ? { alsoRemove: stored.job.alsoRemove } : {}),
        ...(stored.job.purge ? { purge: true as const } : {}),
        ...(stored.job.pinnedVersion ? { pinnedVersion: stored.job.pinnedVersion } : {}),
      });
    }
    return { jobId: target.id, installationId: target.installation_id, kind: installation.kind, items: jobItems };
  }

  /** An item whose stored job cannot be read is never sent: it fails with a message its owner can read, and the log says why. */
  private async failUnreadable(device: DevicesTable, target: InstallationTargetsTable, itemId: string, error: string): Promise<void> {
    this.ctx.log.error({ device: device.device_id, job: target.id, item: itemId, error }, 'an app of a job could not be read; it fails');
    const failed = await moveItem(this.ctx.db, target.id, itemId, OPEN_ITEM_STATUSES, {
      status: 'failed',
      message: UNREADABLE_JOB_MESSAGE,
      updated_at: isoNow(this.ctx.clock),
    });
    if (failed) await this.events.changed(device.user_id, target.installation_id);
  }

  async acknowledge(device: DevicesTable, jobId: string): Promise<void> {
    const target = await findTargetOfDevice(this.ctx.db, device.id, jobId);
    if (!target) return;
    if (await moveTarget(this.ctx.db, jobId, UNTAKEN_TARGET_STATUSES, { status: 'running', started_at: isoNow(this.ctx.clock) })) {
      await this.events.changed(device.user_id, target.installation_id);
    }
  }

  /** Reports of running items, written at most a few times a second each; final ones at once. */
  private readonly runningReports = new ProgressThrottle<{ device: DevicesTable; report: ProgressReport }>(({ device, report }) =>
    this.record(device, report).catch((error: unknown) =>
      this.ctx.log.warn({ err: error, device: device.device_id }, 'writing a progress report failed'),
    ),
  );

  /** undefined when the report was kept for later (ProgressThrottle): nothing to wait for. */
  progress(device: DevicesTable, report: ProgressReport): Promise<void> | undefined {
    const key = `${device.id} ${report.jobId} ${report.itemId}`;
    if (isFinalItem(report.status)) this.runningReports.end(key);
    else if (!this.runningReports.offer(key, { device, report })) return undefined;
    return this.record(device, report);
  }

  /** Writes the progress reports still kept (the server is stopping). */
  async close(): Promise<void> {
    await this.runningReports.close();
  }

  private async record(device: DevicesTable, report: ProgressReport): Promise<void> {
    const target = await findTargetOfDevice(this.ctx.db, device.id, report.jobId);
    if (!target) return;
    const now = isoNow(this.ctx.clock);
    const late = endedAway(target);
    const moved = await this.ctx.db.transaction().execute(async (trx) => {
      const status = report.status;
      // Read before the item moves: the version the device had before this report.
      const before = isOpenItem(status) ? null : await this.historyBefore(trx, device, target.installation_id, report, late);
      const changes = {
        status,
        manager: report.manager,
        version: report.version,
        exit_code: report.exitCode,
        message: report.message,
        // The output is kept where someone will read it: a failed app's log.
        log: isItemFailed(status) ? report.log : null,
        updated_at: now,
      };
      let changed = await moveItem(trx, target.id, report.itemId, itemStatusesBefore(status), changes);
      if (!changed && late && isFinalItem(status)) {
        changed = (await moveItemEndedAway(trx, target.id, report.itemId, changes)) > 0;
        // Every app has its true outcome: the job is done, and the installation's status follows.
        if (changed && (await finishTargetEndedAway(trx, target.id, now, false)))
          await finishInstallationsWithoutOpenTargets(trx, [target.installation_id], now);
      }
      // An update that ran and left the app at a version (the agent read it back): held, not offered again for that version.
      if (changed && before && before.kind === 'upgrade' && isItemFailed(status) && report.manager && report.version !== null)
        await this.holdUpdate(trx, device, target.installation_id, report, now);
      // Only the first final report of an item is history; a repeat moved nothing.
      if (changed && before && isFinalItem(status)) {
        const removed = before.kind === 'uninstall' && isItemSucceeded(status);
        await insertHistory(trx, {
          ...before,
          id: newId(),
          outcome: status,
          // A removal reports the version it removed: the best "before" when this server knew none.
          version_before: removed ? (before.version_before ?? report.version) : before.version_before,
          version_after: removed ? null : report.version,
          message: report.message,
          created_at: now,
        });
      }
      return changed;
    });
    if (moved) await this.events.changed(device.user_id, target.installation_id);
    // A late report can end the job (and with it the installation) that ended while its agent was away.
    if (moved && late && isFinalItem(report.status)) this.events.mayHaveFinished(device.user_id, target.installation_id);
  }

  /** What a history row of this report takes from the item, its installation and the device's inventory. */
  private async historyBefore(db: Db, device: DevicesTable, installationId: string, report: ProgressReport, late: boolean) {
    const item = await findItem(db, installationId, report.itemId);
    // A repeated report will not move the item: nothing to record, nothing to read.
    if (!item || !reportMoves(item, report.status, late)) return null;
    const installation = await findInstallationById(db, installationId);
    if (!installation) return null;
    const stored = readStoredJob(item);
    // Unreadable (never sent, so hardly reported): the history still records the outcome, with the version from the inventory unknown.
    if (!stored.ok)
      this.ctx.log.error({ device: device.device_id, item: item.id, error: stored.error }, 'a reported app could not be read');
    const packages = stored.ok ? stored.job.packages : null;
    const ids =
      report.manager && packages
        ? PACKAGE_ID_FIELDS.filter((field) => PACKAGE_ID_MANAGERS[field] === report.manager).flatMap((field) => packages[field] ?? [])
        : [];
    return {
      user_id: device.user_id,
      device_row_id: device.id,
      device_name: device.device_name,
      app_id: item.app_id,
      app_name: item.app_name,
      list_id: installation.list_id,
      list_name: installation.list_name,
      installation_id: installationId,
      kind: installation.kind,
      manager: report.manager,
      version_before: report.manager ? await this.versionBefore(db, device.id, item.app_id, report.manager, ids) : null,
    };
  }

  /**
   * Holds an update that ran and left the app at `report.version`: the newer version its
   * inventory offered is withdrawn now, and not offered again on this machine for as long as it
   * is the newest (inventory.service.ts reads the hold). Nothing retries an update that cannot take.
   */
  private async holdUpdate(db: Db, device: DevicesTable, installationId: string, report: ProgressReport, now: string): Promise<void> {
    const item = await findItem(db, installationId, report.itemId);
    const stored = item ? readStoredJob(item) : null;
    if (!stored?.ok || !report.manager || report.version === null) return;
    const { packages } = stored.job;
    const manager = report.manager;
    const ids = PACKAGE_ID_FIELDS.filter((field) => PACKAGE_ID_MANAGERS[field] === manager).flatMap((field) => packages[field] ?? []);
    const rows = await inventoryOf(db, [device.id]);
    const row = rows.find((entry) => entry.manager === manager && ids.includes(entry.package_id) && entry.available_version !== null);
    if (!row?.available_version) return;
    await holdUpdate(db, {
      device_row_id: device.id,
      manager,
      package_id: row.package_id,
      installed_version: report.version,
      available_version: row.available_version,
      message: report.message,
      since: now,
    });
    await withdrawAvailableVersion(db, device.id, manager, row.package_id);
  }

  /**
   * The version installed before this report: the device's last inventory, unless an app this
   * server ran since then says otherwise (an upgrade, then an uninstall before the next inventory).
   */
  private async versionBefore(db: Db, deviceRowId: string, appId: number, manager: ManagerName, packageIds: readonly string[]) {
    const recorded = await lastRecordedVersion(db, deviceRowId, appId, manager, await inventoryCheckedAt(db, deviceRowId));
    return recorded !== undefined ? recorded : installedVersionOf(db, deviceRowId, manager, packageIds);
  }

  /** The agent went through the whole job: apps it never reported did not happen. */
  async done(device: DevicesTable, jobId: string): Promise<void> {
    const target = await findTargetOfDevice(this.ctx.db, device.id, jobId);
    if (!target) return;
    if (await this.askForMissingReports(device, target.id)) return;
    const now = isoNow(this.ctx.clock);
    const late = endedAway(target);
    const finished = await this.ctx.db.transaction().execute(async (trx) => {
      const unreported = { status: 'failed' as const, message: 'The agent finished the job without reporting this app', updated_at: now };
      await moveItemsOfTargets(trx, [target.id], OPEN_ITEM_STATUSES, unreported);
      // Back after its job ended while it was away, the agent went through it: what it did not report did not happen.
      if (late) await moveItemEndedAway(trx, target.id, null, unreported);
      const moved = late
        ? await finishTargetEndedAway(trx, target.id, now, true)
        : await moveTarget(trx, target.id, OPEN_TARGET_STATUSES, { status: 'done', finished_at: now });
      // Only the job.done that moved the job may finish the installation: a repeat (replayed,
      // renumbered, sent again after a reconnect) found the job done already and changes
      // nothing, or the owner would see the installation finish again at the repeat's time.
      // The move above is the claim: of two at once, one finds the job still open.
      if (!moved) return false;
      const targets = await targetsOf(trx, [target.installation_id]);
      if (!targets.some((row) => isOpenTarget(row.status))) await setInstallationFinished(trx, target.installation_id, now);
      return true;
    });
    await this.events.changed(device.user_id, target.installation_id);
    // Once per finished job (a repeated job.done moves nothing); the agent's report does not wait on the mail.
    if (finished) this.ctx.tasks.defer('installation failure notice', () => this.notifications.targetFinished(target.id));
    if (finished) this.events.mayHaveFinished(device.user_id, target.installation_id);
    if (finished)
      for (const observer of this.finishedObservers) this.ctx.tasks.defer('finished job observer', () => observer(device, target));
  }

  /**
   * A final report lost with the connection (the frame on the wire when it dropped) arrives
   * after job.done, or never: ending the job then would call an installed app failed. So while
   * apps of the job have no final report, the job is sent again instead; the agent answers with
   * the outcome it remembers of each (jobs.ts) and job.done once more. A few times at most: an
   * agent that still reports nothing ends the job as before. True when it asked.
   */
  private async askForMissingReports(device: DevicesTable, targetId: string): Promise<boolean> {
    const job = await this.jobOf(device, targetId);
    if (!job || job.items.length === 0) {
      this.askedForReports.delete(targetId);
      return false;
    }
    const asked = this.askedForReports.get(targetId) ?? 0;
    if (asked >= MISSING_REPORT_ASKS) {
      this.askedForReports.delete(targetId);
      return false;
    }
    // Bounded: the oldest is let go first (a Map keeps insertion order).
    if (this.askedForReports.size >= ASKED_TARGETS_KEPT) this.askedForReports.delete(this.askedForReports.keys().next().value!);
    this.askedForReports.set(targetId, asked + 1);
    await this.ctx.bus.publish({ type: 'job.available', deviceRowId: device.id, targetId });
    return true;
  }
}
