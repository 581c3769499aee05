import type { JobKind } from '@shared/agent/protocol';
import { ErrorCode } from '@shared/api/errors';
import type { FollowedListsResponse, FollowListResponse, ListFollower, ListFollowersResponse } from '@shared/api/list-sync';

import { isoNow, type AppContext, type Caller } from '../context';
import { findActiveDevice, findDevice } from '../db/repositories/devices.repository';
import {
  deleteFollower,
  findFollower,
  followersOfList,
  insertFollower,
  listsFollowedBy,
  setFollowerOption,
  type FollowerRow,
} from '../db/repositories/list-followers.repository';
import { notFound } from '../errors';
import { actingFor } from './acting-for';
import type { CreateInstallationInput, InstallationService } from './installation.service';
import { listReadOnly } from './list-limits';
import type { ListItemsObserver, ListService } from './list.service';
import type { SubscriptionService } from './subscription.service';

const deviceNotFound = () => notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);

function toFollower(row: FollowerRow): ListFollower {
  return {
    deviceId: row.device_id,
    deviceName: row.device_name,
    platform: row.platform,
    uninstallRemoved: row.uninstall_removed === 1,
    since: row.created_at,
  };
}

/**
 * Keep in sync: a device follows a list. Following installs the list there at once;
 * afterwards every app added to the list becomes an installation on each follower, and every app
 * removed an uninstallation where the follower asked for it. The installations are ordinary ones
 * (InstallationService.create): they wait for an offline machine as usual. A list edit never fails
 * because of them: it has committed when they are made, and a failure is logged.
 */
export class ListSyncService implements ListItemsObserver {
  constructor(
    private readonly ctx: AppContext,
    private readonly lists: ListService,
    private readonly installations: InstallationService,
    private readonly subscription: SubscriptionService,
  ) {}

  async followers(userId: string, listId: string): Promise<ListFollowersResponse> {
    // Another user's list: 404, from the list service.
    await this.lists.detail(userId, listId);
    const rows = await followersOfList(this.ctx.db, userId, listId);
    return { listId, followers: rows.map(toFollower) };
  }

  /** Follows (installing the list now) or, for a device that already follows, changes the option. */
  async follow(caller: Caller, listId: string, deviceId: string, uninstallRemoved: boolean): Promise<FollowListResponse> {
    const list = await this.lists.detail(caller.userId, listId);
    // The installation targets' rule: the owner's enrolled machines within the plan's seats.
    const [device] = await this.installations.eligibleDevices(caller.userId, [deviceId]);
    if (!device) throw deviceNotFound();
    if (list.readOnly) throw listReadOnly();
    const option = uninstallRemoved ? 1 : 0;
    const started = await insertFollower(this.ctx.db, {
      list_id: list.id,
      device_row_id: device.id,
      user_id: caller.userId,
      uninstall_removed: option,
      created_at: isoNow(this.ctx.clock),
    });
    if (!started) await setFollowerOption(this.ctx.db, list.id, device.id, option);
    let installationId: string | null = null;
    if (started && list.apps.length > 0) {
      installationId = await this.install(caller, {
        listId: list.id,
        deviceIds: [device.device_id],
        kind: 'install',
        keepInSync: { listId: list.id, listName: list.name },
      });
    }
    const row = await findFollower(this.ctx.db, caller.userId, list.id, device.id);
    // Unfollowed or the list deleted in between: it is gone.
    if (!row) throw deviceNotFound();
    return { follower: toFollower(row), installationId };
  }

  /** Stops following; nothing is uninstalled. Not following already is fine. */
  async unfollow(userId: string, listId: string, deviceId: string): Promise<void> {
    await this.lists.detail(userId, listId);
    const device = await findDevice(this.ctx.db, userId, deviceId);
    if (!device) throw deviceNotFound();
    await deleteFollower(this.ctx.db, listId, device.id);
  }

  async followedLists(userId: string, deviceId: string): Promise<FollowedListsResponse> {
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw deviceNotFound();
    const rows = await listsFollowedBy(this.ctx.db, userId, device.id);
    return { lists: rows.map((row) => ({ listId: row.list_id, listName: row.list_name, uninstallRemoved: row.uninstall_removed === 1 })) };
  }

  /** An app was added to a list: install it on every device following the list. */
  async added(userId: string, listId: string, appId: number): Promise<void> {
    await this.sync(userId, listId, appId, 'install');
  }

  /** An app was removed from a list: uninstall it where the follower chose so. */
  async removed(userId: string, listId: string, appId: number): Promise<void> {
    await this.sync(userId, listId, appId, 'uninstall');
  }

  private async sync(userId: string, listId: string, appId: number, kind: JobKind): Promise<void> {
    try {
      const followers = (await followersOfList(this.ctx.db, userId, listId)).filter(
        (follower) => kind === 'install' || follower.uninstall_removed === 1,
      );
      if (followers.length === 0) return;
      const list = await this.lists.detail(userId, listId);
      // A list beyond the plan is read-only, and a read-only list does not sync.
      if (list.readOnly) return;
      const caller = await actingFor(this.ctx, this.subscription, userId);
      if (!caller) return;
      // One installation per device: one machine past the seat limit does not hold back the others.
      for (const follower of followers) {
        await this.install(caller, {
          appIds: [appId],
          deviceIds: [follower.device_id],
          kind,
          keepInSync: { listId: list.id, listName: list.name },
        });
      }
    } catch (error) {
      this.ctx.log.error({ err: error, listId, appId, kind }, 'keep in sync failed');
    }
  }

  private async install(caller: Caller, input: CreateInstallationInput): Promise<string | null> {
    try {
      return (await this.installations.create(caller, input, null)).id;
    } catch (error) {
      this.ctx.log.warn(
        { err: error, listId: input.keepInSync?.listId, deviceIds: input.deviceIds, kind: input.kind },
        'keep in sync: no installation',
      );
      return null;
    }
  }
}
