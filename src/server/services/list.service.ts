import { ErrorCode } from '@shared/api/errors';
import type { ListDetail, ListItem, ListSummary } from '@shared/api/lists';
import { isValidPinnedVersion, PINNED_VERSION_MESSAGE } from '@shared/package-ids';
import type { Plan } from '@shared/plans';

import { isoNow, type AppContext } from '../context';
import { isUniqueViolation } from '../db/dialect';
import { findAppById } from '../db/repositories/catalogue.repository';
import {
  appendListItem,
  countListsOfUser,
  deleteList,
  deleteListItem,
  insertList,
  isListOwnedBy,
  listItemAppIds,
  listItems,
  listsOfUser,
  lockUserLists,
  renameList,
  setListItemPin,
  setListItemPositions,
  touchList,
  type ListItemRow,
  type ListRow,
} from '../db/repositories/lists.repository';
import type { Db } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { newId } from '../security/tokens';
import { sizeKbOf, toApp } from './catalogue.service';
import { appLimitReached, isListReadOnly, listLimitReached, listReadOnly } from './list-limits';
import type { SubscriptionService } from './subscription.service';

export const listNotFound = () => notFound('List not found', ErrorCode.LIST_NOT_FOUND);

/** Told once a change to a list's apps has committed (keep in sync: list-sync.service.ts). It handles its own failures. */
export interface ListItemsObserver {
  added(userId: string, listId: string, appId: number): Promise<void>;
  removed(userId: string, listId: string, appId: number): Promise<void>;
  /** A new list came with its apps (an import, a shared list's copy): told once, with them all. */
  listMade?(userId: string, listId: string, appIds: readonly number[]): Promise<void>;
  /** An app of the list was pinned or unpinned, committed. */
  pinned?(userId: string, listId: string, appId: number): Promise<void>;
}

/** One of the user's lists with what the rules need: its place by age and whether it is read-only. */
interface OwnedList {
  row: ListRow;
  readOnly: boolean;
  plan: Plan;
}

export function toListSummary(row: ListRow, readOnly: boolean): ListSummary {
  return {
    id: row.id,
    name: row.name,
    appCount: row.app_count,
    sizeKb: row.size_kb,
    unknownSizeCount: row.unknown_size_count,
    readOnly,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toListItems(rows: readonly ListItemRow[]): ListItem[] {
  // Positions are shown 0..n-1 whatever gaps removals left in the stored ones. The app's fresh
  // object is extended, not spread into another: spreading was a tenth of a list read's time.
  return rows.map((row, position) =>
    Object.assign(toApp(row), {
      position,
      size_kb: sizeKbOf(row),
      addedAt: row.added_at,
      own_app: row.owner_user_id !== null,
      pinnedVersion: row.pinned_version,
    }),
  );
}

/**
 * The signed-in user's app lists. Every call is scoped by owner: a list
 * of someone else is "not found", never "forbidden". Plan limits are checked under a per-user
 * lock so that two requests at once cannot both pass them.
 */
export class ListService {
  private readonly itemsObservers: ListItemsObserver[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
  ) {}

  /** Set when the services are wired (an observer may need installations, which need lists). */
  observeItems(observer: ListItemsObserver): void {
    this.itemsObservers.push(observer);
  }

  /** A list was made with these apps in it (imported or copied), committed: the observers are told once. */
  async listMade(userId: string, listId: string, appIds: readonly number[]): Promise<void> {
    for (const observer of this.itemsObservers) await observer.listMade?.(userId, listId, appIds);
  }

  async lists(userId: string): Promise<ListSummary[]> {
    const plan = await this.subscription.planOf(userId);
    const rows = await listsOfUser(this.ctx.db, userId);
    return rows.map((row, index) => toListSummary(row, isListReadOnly(plan, index, row.app_count)));
  }

  async items(userId: string, listId: string): Promise<ListItem[]> {
    // Only whose it is matters here (a read-only list still shows its apps): not the plan nor every list's count.
    if (!(await isListOwnedBy(this.ctx.db, userId, listId))) throw listNotFound();
    return toListItems(await listItems(this.ctx.db, listId));
  }

  async detail(userId: string, listId: string, db: Db = this.ctx.db): Promise<ListDetail> {
    const { row, readOnly } = await this.owned(db, userId, listId);
    return { ...toListSummary(row, readOnly), apps: toListItems(await listItems(db, listId)) };
  }

  async create(userId: string, name: string): Promise<ListDetail> {
    const id = newId();
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserLists(trx, userId);
      await this.assertCanCreate(trx, userId);
      const now = isoNow(this.ctx.clock);
      await insertList(trx, { id, user_id: userId, name, created_at: now, updated_at: now });
    });
    return this.detail(userId, id);
  }

  /** Throws LIST_LIMIT_REACHED when the user already has as many lists as the plan allows. */
  async assertCanCreate(db: Db, userId: string): Promise<Plan> {
    const plan = await this.subscription.planOf(userId, db);
    if (plan.limits.lists !== null && (await countListsOfUser(db, userId)) >= plan.limits.lists) throw listLimitReached(plan);
    return plan;
  }

  async rename(userId: string, listId: string, name: string): Promise<ListDetail> {
    const { readOnly } = await this.owned(this.ctx.db, userId, listId);
    if (readOnly) throw listReadOnly();
    await renameList(this.ctx.db, listId, name, isoNow(this.ctx.clock));
    return this.detail(userId, listId);
  }

  async delete(userId: string, listId: string): Promise<void> {
    if (!(await deleteList(this.ctx.db, userId, listId))) throw listNotFound();
  }

  async addItem(userId: string, listId: string, appId: number): Promise<ListItem> {
    try {
      const added = await this.ctx.db.transaction().execute(async (trx) => {
        await lockUserLists(trx, userId);
        const { row, readOnly, plan } = await this.owned(trx, userId, listId);
        if (readOnly) throw listReadOnly();
        // Another account's own app is not found, exactly like a missing id.
        if (!(await findAppById(trx, appId, userId))) throw notFound('App not found', ErrorCode.APP_NOT_FOUND);
        if ((await listItemAppIds(trx, listId)).includes(appId)) throw alreadyInList();
        if (row.app_count >= plan.limits.appsPerList) throw appLimitReached(plan);
        const now = isoNow(this.ctx.clock);
        await appendListItem(trx, listId, appId, now);
        await touchList(trx, listId, now);
        const items = toListItems(await listItems(trx, listId));
        const item = items.find((candidate) => candidate.app_id === appId);
        if (!item) throw new Error('added list item not found');
        return item;
      });
      for (const observer of this.itemsObservers) await observer.added(userId, listId, appId);
      return added;
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyInList();
      throw error;
    }
  }

  /** Allowed on read-only lists too: removing apps is how a user gets back within the plan. */
  async removeItem(userId: string, listId: string, appId: number): Promise<void> {
    await this.owned(this.ctx.db, userId, listId);
    if (!(await deleteListItem(this.ctx.db, listId, appId))) throw notFound('This app is not in the list', ErrorCode.APP_NOT_FOUND);
    await touchList(this.ctx.db, listId, isoNow(this.ctx.clock));
    for (const observer of this.itemsObservers) await observer.removed(userId, listId, appId);
  }

  /**
   * Pins the app of this list at `version` (null clears the pin): installs of the list then ask
   * for it and updates leave the app at it. The version's grammar was checked by the route's
   * schema; it is checked again here because the service is also called without one.
   */
  async setPin(userId: string, listId: string, appId: number, version: string | null): Promise<ListItem> {
    if (version !== null && !isValidPinnedVersion(version))
      throw badRequest(PINNED_VERSION_MESSAGE, ErrorCode.VALIDATION_ERROR, { version: PINNED_VERSION_MESSAGE });
    const pinned = await this.ctx.db.transaction().execute(async (trx) => {
      const { readOnly } = await this.owned(trx, userId, listId);
      // Clearing a pin is allowed on a read-only list, as removing an app is: it only gives back control.
      if (readOnly && version !== null) throw listReadOnly();
      if (!(await setListItemPin(trx, listId, appId, version))) throw notFound('This app is not in the list', ErrorCode.APP_NOT_FOUND);
      await touchList(trx, listId, isoNow(this.ctx.clock));
      const item = toListItems(await listItems(trx, listId)).find((candidate) => candidate.app_id === appId);
      if (!item) throw new Error('pinned list item not found');
      return item;
    });
    for (const observer of this.itemsObservers) await observer.pinned?.(userId, listId, appId);
    return pinned;
  }

  /** The new order must name exactly the list's apps, each once. */
  async reorder(userId: string, listId: string, appIds: readonly number[]): Promise<number[]> {
    return this.ctx.db.transaction().execute(async (trx) => {
      await lockUserLists(trx, userId);
      const { readOnly } = await this.owned(trx, userId, listId);
      if (readOnly) throw listReadOnly();
      const current = await listItemAppIds(trx, listId);
      const wanted = new Set(appIds);
      if (wanted.size !== appIds.length || appIds.length !== current.length || current.some((id) => !wanted.has(id))) {
        throw badRequest("The new order must contain exactly the list's apps, each once.", ErrorCode.VALIDATION_ERROR, {
          appIds: "The new order must contain exactly the list's apps, each once.",
        });
      }
      await setListItemPositions(trx, listId, appIds);
      await touchList(trx, listId, isoNow(this.ctx.clock));
      return [...appIds];
    });
  }

  private async owned(db: Db, userId: string, listId: string): Promise<OwnedList> {
    const plan = await this.subscription.planOf(userId, db);
    const rows = await listsOfUser(db, userId);
    const index = rows.findIndex((row) => row.id === listId);
    const row = rows[index];
    if (!row) throw listNotFound();
    return { row, plan, readOnly: isListReadOnly(plan, index, row.app_count) };
  }
}

const alreadyInList = () => conflict('This app is already in the list.', ErrorCode.APP_ALREADY_IN_LIST);
