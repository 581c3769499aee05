import { createHash } from 'node:crypto';

import { ErrorCode } from '@shared/api/errors';
import type {
  Notification,
  NotificationKind,
  NotificationSettings,
  NotificationsResponse,
  UnsubscribeKind,
  UpdateNotificationSettings,
} from '@shared/api/notifications';
import { DAY_MS, MINUTE_MS } from '@shared/time';

import { isoAfter, isoNow, type AppContext } from '../context';
import type { AppRow } from '../db/repositories/catalogue.repository';
import { inventoryOf } from '../db/repositories/device-agent.repository';
import { pinsOfUser } from '../db/repositories/lists.repository';
import {
  claimDigest,
  countUnread,
  deleteNotifications,
  deviceWithOwner,
  failedTargetReport,
  findNotificationSettings,
  insertNotification,
  markRead,
  notificationsOf,
  outdatedInventoryForDigest,
  recordUpdateAlerts,
  targetReport,
  trimNotifications,
  updateNoticesOf,
  updateNotificationSettings,
  userExists,
  type OutdatedInventoryRow,
  type SettingsRow,
} from '../db/repositories/notifications.repository';
import { findUserById } from '../db/repositories/users.repository';
import type { DeviceInventoryTable, NotificationsTable } from '../db/schema';
import { AppError, badRequest } from '../errors';
import {
  deadlinePassedMail,
  installationFailedMail,
  machineSilentMail,
  oneLine,
  rolloutStoppedMail,
  updateDigestMail,
  updatesAvailableMail,
  type OutdatedDevice,
} from '../mail/notification-templates';
import type { MailContent } from '../mail/templates';
import { newId } from '../security/tokens';
import { UnsubscribeTokens } from '../security/unsubscribe-tokens';
import { groupBy } from './group-by';
import { inventoryEntryOf } from './installation-plan';
import { withLease, type Lease } from './lease';
import type { SubscriptionService } from './subscription.service';

/**
 * The digest's lease is kept after a run: the scheduler ticks every minute, but reading every
 * outdated package of every device is needed only this often (digests go at most daily anyway).
 */
export const DIGEST_RUN_EVERY_MS = 15 * MINUTE_MS;
const DIGEST_LEASE: Lease = { name: 'update-digest', ms: DIGEST_RUN_EVERY_MS, release: 'when-expired' };
/** A user's centre keeps this many; older notifications go when a new one comes. */
const KEPT_NOTIFICATIONS = 200;

const DEFAULTS: SettingsRow = { failure_mails: 1, update_digest: 1, priority_mails: 1, in_app: 1 };
const COLUMN_OF = {
  failureMails: 'failure_mails',
  updateDigest: 'update_digest',
  priorityMails: 'priority_mails',
  inApp: 'in_app',
} as const satisfies Record<keyof NotificationSettings, keyof SettingsRow>;

export function centreRequiresPremium(): AppError {
  return new AppError(
    403,
    ErrorCode.PLAN_FEATURE_REQUIRED,
    'The notification centre is part of Premium priority notifications. Upgrade to see notifications in Loadout.',
  );
}

const invalidUnsubscribe = () =>
  badRequest('This unsubscribe link is not valid. Change your notifications in Settings instead.', ErrorCode.UNSUBSCRIBE_TOKEN_INVALID);

function toSettings(row: SettingsRow): NotificationSettings {
  return {
    failureMails: row.failure_mails === 1,
    updateDigest: row.update_digest === 1,
    priorityMails: row.priority_mails === 1,
    inApp: row.in_app === 1,
  };
}

function toNotification(row: NotificationsTable): Notification {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, createdAt: row.created_at, readAt: row.read_at };
}

type OutdatedApp = OutdatedDevice['apps'][number] & { appId: number };

/** The app ids an update notice told of (a JSON array written by inventoryReported). */
function toldApps(appIds: string | null): number[] {
  if (!appIds) return [];
  const parsed: unknown = JSON.parse(appIds);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
}

/**
 * Notifications: a mail when an installation fails and a daily digest of available
 * updates for everyone; on Premium, a mail as soon as a device reports new updates and the
 * in-app centre. Each mail carries a one-click unsubscribe link (RFC 8058) for its kind.
 */
export class NotificationService {
  private readonly tokens: UnsubscribeTokens;

  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
  ) {
    this.tokens = new UnsubscribeTokens(ctx.config.jwtSecret);
  }

  async settings(userId: string): Promise<NotificationSettings> {
    return toSettings((await findNotificationSettings(this.ctx.db, userId)) ?? DEFAULTS);
  }

  async updateSettings(userId: string, changes: UpdateNotificationSettings): Promise<NotificationSettings> {
    const columns: Partial<SettingsRow> = {};
    for (const [key, value] of Object.entries(changes) as [keyof NotificationSettings, boolean | undefined][]) {
      if (value !== undefined) columns[COLUMN_OF[key]] = value ? 1 : 0;
    }
    await updateNotificationSettings(this.ctx.db, userId, columns, isoNow(this.ctx.clock));
    return this.settings(userId);
  }

  async list(userId: string, limit: number): Promise<NotificationsResponse> {
    await this.requireCentre(userId);
    const [rows, unreadCount] = await Promise.all([notificationsOf(this.ctx.db, userId, limit), countUnread(this.ctx.db, userId)]);
    return { notifications: rows.map(toNotification), unreadCount };
  }

  /** Only the caller's own notifications change: another user's ids are simply not theirs. */
  async markRead(userId: string, ids: readonly string[] | null): Promise<{ unreadCount: number }> {
    await this.requireCentre(userId);
    if (await markRead(this.ctx.db, userId, ids, isoNow(this.ctx.clock))) await this.changed(userId, 'read');
    return { unreadCount: await countUnread(this.ctx.db, userId) };
  }

  /** The one-click link of one mail kind: `…/api/notifications/unsubscribe?token=…`. */
  unsubscribeLink(userId: string, kind: UnsubscribeKind): string {
    return `${this.ctx.config.publicUrl}/api/notifications/unsubscribe?token=${this.tokens.issue(userId, kind)}`;
  }

  /** Checks a link's token; answers the kind it stands for, or 400 UNSUBSCRIBE_TOKEN_INVALID. */
  verifyUnsubscribe(token: string): { userId: string; kind: UnsubscribeKind } {
    const claim = this.tokens.verify(token);
    if (!claim) throw invalidUnsubscribe();
    return claim;
  }

  /** Turns the token's kind off (a deleted account has nothing left to turn off). */
  async unsubscribe(token: string): Promise<UnsubscribeKind> {
    const { userId, kind } = this.verifyUnsubscribe(token);
    if (await userExists(this.ctx.db, userId)) await this.updateSettings(userId, { [kind]: false });
    return kind;
  }

  /**
   * A device finished its job (AgentJobService.done, deferred): when apps failed, the owner gets
   * one mail for it, and on Premium an entry in the centre.
   */
  async targetFinished(targetId: string): Promise<void> {
    const report = await failedTargetReport(this.ctx.db, targetId);
    if (!report || report.failed.length === 0) return;
    const settings = await this.settings(report.user_id);
    const failed = report.failed.map((item) => ({ appName: item.app_name, message: item.message }));
    const link = `/installations/${report.installation_id}`;
    if (settings.failureMails) {
      const mail = installationFailedMail({
        firstName: report.first_name,
        deviceName: report.device_name,
        failed,
        link: `${this.ctx.config.publicUrl}${link}`,
        unsubscribeLink: this.unsubscribeLink(report.user_id, 'failureMails'),
      });
      await this.mail(report.email, mail, report.user_id, 'failureMails');
    }
    await this.notifyInApp(report.user_id, settings, {
      kind: 'installation_failed',
      title: `Installation failed on ${oneLine(report.device_name, 80)}`,
      body: failed.map((app) => `${oneLine(app.appName, 80)}: ${oneLine(app.message, 200) || 'failed'}`).join('\n'),
      link,
    });
  }

  /**
   * A device reported its inventory (deferred): on Premium, updates it had not reported before
   * (this app at this version) are told at once, by mail and in the centre; never twice.
   */
  async inventoryReported(deviceRowId: string): Promise<void> {
    const device = await deviceWithOwner(this.ctx.db, deviceRowId);
    if (!device || device.is_active !== 1) return;
    const [rows, pins] = await Promise.all([inventoryOf(this.ctx.db, [device.id]), pinsOfUser(this.ctx.db, device.user_id)]);
    // This runs after every inventory report: only the apps of the machine's packages, from the process's snapshot.
    const apps = await this.ctx.catalogue.appsOfPackages(rows);
    const outdated = outdatedApps(apps, device.platform, rows, pins);
    // Whatever the plan now: a notice shown once must not outlive its truth.
    await this.resolveUpdateNotices(device.id, outdated);
    if (!(await this.subscription.planOf(device.user_id)).capabilities.priorityNotifications) return;
    if (outdated.length === 0) return;
    // Recorded whatever the switches say: turning them on later does not replay old updates.
    const fresh = await recordUpdateAlerts(this.ctx.db, device.id, outdated, isoNow(this.ctx.clock));
    if (fresh.length === 0) return;
    const told = outdated.filter((app) => fresh.some((f) => f.appId === app.appId && f.availableVersion === app.availableVersion));
    const settings = await this.settings(device.user_id);
    const link = `/devices/${device.device_id}`;
    if (settings.priorityMails) {
      const mail = updatesAvailableMail({
        firstName: device.first_name,
        device: { deviceName: device.device_name, apps: told },
        link: `${this.ctx.config.publicUrl}${link}`,
        unsubscribeLink: this.unsubscribeLink(device.user_id, 'priorityMails'),
      });
      await this.mail(device.email, mail, device.user_id, 'priorityMails');
    }
    await this.notifyInApp(device.user_id, settings, {
      kind: 'updates_available',
      title:
        told.length === 1
          ? `Update available on ${oneLine(device.device_name, 80)}`
          : `${told.length} updates available on ${oneLine(device.device_name, 80)}`,
      body: told.map((app) => `${oneLine(app.appName, 80)}: ${app.installedVersion} → ${app.availableVersion}`).join('\n'),
      link,
      device_row_id: device.id,
      app_ids: JSON.stringify(told.map((app) => app.appId)),
    });
  }

  /**
   * An "Update available" notice goes once none of the apps it told of is out of date on its
   * device any more: the inventory says they are current (updated here or outside Loadout; an
   * upgrade that succeeded is followed by an inventory). The bell's count follows at once.
   */
  private async resolveUpdateNotices(deviceRowId: string, outdated: readonly OutdatedApp[]): Promise<void> {
    const stillOutdated = new Set(outdated.map((app) => app.appId));
    const notices = await updateNoticesOf(this.ctx.db, deviceRowId);
    const resolved = notices.filter((notice) => !toldApps(notice.app_ids).some((appId) => stillOutdated.has(appId)));
    for (const [userId, owned] of groupBy(resolved, (notice) => notice.user_id)) {
      const ids = owned.map((notice) => notice.id);
      if ((await deleteNotifications(this.ctx.db, userId, ids)) > 0) await this.changed(userId, 'resolved');
    }
  }

  /**
   * Advanced monitoring (MonitoringService.alertSilentMachines, once per silence): a machine
   * has not reported for `hours`; a priority mail and an entry in the centre.
   */
  async machineSilent(machine: {
    userId: string;
    deviceId: string;
    deviceName: string;
    lastActiveAt: string;
    hours: number;
  }): Promise<void> {
    const owner = await findUserById(this.ctx.db, machine.userId);
    if (!owner) return;
    const settings = await this.settings(machine.userId);
    const link = `/devices/${machine.deviceId}`;
    if (settings.priorityMails) {
      const mail = machineSilentMail({
        firstName: owner.first_name,
        deviceName: machine.deviceName,
        hours: machine.hours,
        lastReport: `${new Date(machine.lastActiveAt).toUTCString()}`,
        link: `${this.ctx.config.publicUrl}${link}`,
        unsubscribeLink: this.unsubscribeLink(machine.userId, 'priorityMails'),
      });
      await this.mail(owner.email, mail, machine.userId, 'priorityMails');
    }
    await this.notifyInApp(machine.userId, settings, {
      kind: 'device_silent',
      title: `${oneLine(machine.deviceName, 80)} has not reported for a day`,
      body: `Its last report was at ${new Date(machine.lastActiveAt).toUTCString()}. It may be switched off, offline, or its agent stopped.`,
      link,
    });
  }

  /** A next-start job's deadline passed (InstallationService.expireOverdue): a failure mail and an entry in the centre. */
  async deadlinePassed(target: { id: string }): Promise<void> {
    const report = await targetReport(this.ctx.db, target.id);
    if (!report) return;
    const settings = await this.settings(report.user_id);
    const link = `/installations/${report.installation_id}`;
    const apps = report.items.map((item) => item.app_name);
    if (settings.failureMails) {
      const mail = deadlinePassedMail({
        firstName: report.first_name,
        deviceName: report.device_name,
        apps,
        link: `${this.ctx.config.publicUrl}${link}`,
        unsubscribeLink: this.unsubscribeLink(report.user_id, 'failureMails'),
      });
      await this.mail(report.email, mail, report.user_id, 'failureMails');
    }
    await this.notifyInApp(report.user_id, settings, {
      kind: 'installation_failed',
      title: `Not run on ${oneLine(report.device_name, 80)}: it did not start before the deadline`,
      body: apps.map((app) => oneLine(app, 80)).join('\n'),
      link,
    });
  }

  /** A policy's rollout stopped (RolloutService.review, once per stop): a priority mail and an entry in the centre. */
  async rolloutStopped(stop: { userId: string; appName: string; version: string; policyName: string; reason: string }): Promise<void> {
    const owner = await findUserById(this.ctx.db, stop.userId);
    if (!owner) return;
    const settings = await this.settings(stop.userId);
    const link = '/updates';
    if (settings.priorityMails) {
      const mail = rolloutStoppedMail({
        firstName: owner.first_name,
        ...stop,
        link: `${this.ctx.config.publicUrl}${link}`,
        unsubscribeLink: this.unsubscribeLink(stop.userId, 'priorityMails'),
      });
      await this.mail(owner.email, mail, stop.userId, 'priorityMails');
    }
    await this.notifyInApp(stop.userId, settings, {
      kind: 'rollout_stopped',
      title: `The rollout of ${oneLine(stop.appName, 80)} ${oneLine(stop.version, 40)} stopped`,
      body: `${stop.reason}. No more machines get it until you resume or cancel the rollout.`,
      link,
    });
  }

  /**
   * The update digest (a scheduler task): one mail per user whose devices have apps with newer
   * versions, at most one a day, and none when the list is the same as the last digest's. One
   * run per DIGEST_RUN_EVERY_MS across all server processes (the lease outlives the run); each
   * user's digest is also claimed in the database before it is sent. Returns how many went.
   */
  async sendDigests(): Promise<number> {
    return withLease(this.ctx, DIGEST_LEASE, 0, async (now) => {
      const notAfter = isoAfter(this.ctx.clock, -DAY_MS);
      const rows = await outdatedInventoryForDigest(this.ctx.db, notAfter);
      if (rows.length === 0) return 0;
      let sent = 0;
      for (const [userId, userRows] of groupBy(rows, (row) => row.user_id)) {
        const devices: OutdatedDevice[] = [];
        const pins = await pinsOfUser(this.ctx.db, userId);
        for (const deviceRows of groupBy(userRows, (row) => row.device_row_id).values()) {
          const first = deviceRows[0];
          const outdated = first ? outdatedApps(await this.ctx.catalogue.appsOfPackages(deviceRows), first.platform, deviceRows, pins) : [];
          if (first && outdated.length > 0) devices.push({ deviceName: first.device_name, apps: outdated });
        }
        const owner = userRows[0];
        if (!owner || devices.length === 0) continue;
        const hash = digestHash(devices);
        if (hash === owner.last_digest_hash) continue;
        if (!(await claimDigest(this.ctx.db, userId, now.toISOString(), notAfter, hash))) continue;
        const mail = updateDigestMail({
          firstName: owner.first_name,
          devices,
          link: `${this.ctx.config.publicUrl}/devices`,
          unsubscribeLink: this.unsubscribeLink(userId, 'updateDigest'),
        });
        await this.mail(owner.email, mail, userId, 'updateDigest');
        sent += 1;
      }
      return sent;
    });
  }

  private async requireCentre(userId: string): Promise<void> {
    if (!(await this.subscription.planOf(userId)).capabilities.priorityNotifications) throw centreRequiresPremium();
  }

  private async notifyInApp(
    userId: string,
    settings: NotificationSettings,
    entry: { kind: NotificationKind; title: string; body: string; link: string; device_row_id?: string; app_ids?: string },
  ): Promise<void> {
    if (!settings.inApp || !(await this.subscription.planOf(userId)).capabilities.priorityNotifications) return;
    const id = newId();
    await insertNotification(this.ctx.db, {
      device_row_id: null,
      app_ids: null,
      id,
      user_id: userId,
      ...entry,
      created_at: isoNow(this.ctx.clock),
      read_at: null,
    });
    await trimNotifications(this.ctx.db, userId, KEPT_NOTIFICATIONS);
    await this.changed(userId, id);
  }

  /** Every notification mail has the RFC 8058 one-click headers for its own kind. */
  private async mail(to: string, content: MailContent, userId: string, kind: UnsubscribeKind): Promise<void> {
    await this.ctx.mailer.send({
      to,
      ...content,
      headers: {
        'List-Unsubscribe': `<${this.unsubscribeLink(userId, kind)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  /** Tells the owner's browsers (the navbar's bell) to read the centre again. */
  private async changed(userId: string, id: string): Promise<void> {
    await this.ctx.bus.publish({ type: 'user.changed', userId, topic: 'notifications', id });
  }
}

/**
 * The catalogue apps of one device's inventory that have a newer version, in catalogue order;
 * apps the owner pinned are not outdated to them: no update would move them (docs/pinned-versions.md).
 */
function outdatedApps(
  apps: readonly AppRow[],
  platform: string,
  rows: readonly DeviceInventoryTable[] | readonly OutdatedInventoryRow[],
  pins: ReadonlyMap<number, string>,
): OutdatedApp[] {
  const found: OutdatedApp[] = [];
  for (const app of apps) {
    if (pins.has(app.id)) continue;
    const entry = inventoryEntryOf(app, platform, rows);
    if (!entry?.row.available_version) continue;
    found.push({
      appId: app.id,
      appName: app.name,
      installedVersion: entry.row.installed_version,
      availableVersion: entry.row.available_version,
    });
  }
  return found;
}

/** What a digest lists, as a digest: the same devices, apps and versions give the same hash. */
function digestHash(devices: readonly OutdatedDevice[]): string {
  const lines = devices
    .flatMap((device) =>
      device.apps.map((app) => `${device.deviceName}\u0000${app.appName}\u0000${app.installedVersion}\u0000${app.availableVersion}`),
    )
    .sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}
