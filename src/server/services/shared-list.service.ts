import { PLATFORMS, type Platform } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/errors';
import type { ListDetail } from '@shared/api/lists';
import {
  GALLERY_PAGE_SIZE,
  SHARE_ID_PATTERN,
  type GalleryResponse,
  type ListVisibility,
  type SharedList,
  type Sharing,
} from '@shared/api/shared-lists';

import { isoNow, type AppContext } from '../context';
import { findCategoryById } from '../db/repositories/catalogue.repository';
import {
  countCopy,
  findListShare,
  findSharedList,
  galleryPage,
  upsertListShare,
  type SharedListRow,
} from '../db/repositories/list-shares.repository';
import {
  insertList,
  insertListItems,
  isListOwnedBy,
  listItemAppIds,
  listItems,
  listItemsForCopy,
  listItemsOfLists,
  lockUserLists,
} from '../db/repositories/lists.repository';
import type { Db, ListSharesTable } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { newId, randomToken } from '../security/tokens';
import { toApp } from './catalogue.service';
import { appLimitReached } from './list-limits';
import { listNotFound, type ListService } from './list.service';
import type { OwnAppService } from './own-app.service';

/** Unknown, malformed and private links get this one answer: a link tells nothing about a list that is not shared. */
export const sharedListNotFound = () => notFound('This list is not shared, or the link is wrong.', ErrorCode.SHARED_LIST_NOT_FOUND);

/** What to show in a link preview (Open Graph tags); plain text, escaped by whoever writes it into HTML. */
export interface SharedListPreview {
  title: string;
  description: string;
  url: string;
}

const platformsOfApps = (apps: readonly { platforms: readonly Platform[] }[]): Platform[] =>
  PLATFORMS.filter((platform) => apps.some((app) => app.platforms.includes(platform)));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Copies a shared list's apps into the copier's new list, in order: the one place a copy
 * decides what each item becomes in the copier's account. A catalogue app (or one of the
 * copier's own) stays itself; the sharer's own app becomes the copier's own app with the same
 * name and package ids (the one they already have with those ids, else a new one, within their
 * own-app limit), since another account's own app is private to it and could not be installed.
 * A pinned app stays pinned at its version: the copy installs what the shared list installs.
 */
export async function copyListItemsInto(
  trx: Db,
  ownApps: OwnAppService,
  copierId: string,
  items: Awaited<ReturnType<typeof listItemsForCopy>>,
  targetListId: string,
  at: string,
): Promise<void> {
  const copied = new Map<number, string | null>();
  for (const item of items) {
    const { id: _id, owner_user_id: owner, pinned_version: pinnedVersion, ...columns } = item;
    const appId = owner === null || owner === copierId ? item.id : (await ownApps.findOrCreate(trx, copierId, columns)).row.id;
    // Two of the sharer's apps may be one of the copier's: the first keeps its place and its pin.
    if (!copied.has(appId)) copied.set(appId, pinnedVersion);
  }
  await insertListItems(
    trx,
    targetListId,
    [...copied].map(([appId, pinnedVersion]) => ({ appId, pinnedVersion })),
    at,
  );
}

/**
 * Sharing a list by link (docs/decisions.md, "Shared lists"): its owner sets who may see it;
 * anyone with the link reads it without signing in, signed-in users copy it into their own
 * lists within their plan. Public answers say nothing about the owner.
 */
export class SharedListService {
  constructor(
    private readonly ctx: AppContext,
    private readonly lists: ListService,
    private readonly ownApps: OwnAppService,
  ) {}

  private shareUrl(shareId: string): string {
    return `${this.ctx.config.publicUrl}/shared/${shareId}`;
  }

  private toSharing(row: ListSharesTable | undefined): Sharing {
    const shareId = row?.visibility === 'private' ? null : (row?.share_id ?? null);
    return {
      visibility: row?.visibility ?? 'private',
      shareId,
      shareUrl: shareId ? this.shareUrl(shareId) : null,
      description: row?.description ?? '',
      categoryId: row?.category_id ?? null,
      copyCount: Number(row?.copy_count ?? 0),
      sharedAt: shareId ? (row?.shared_at ?? null) : null,
    };
  }

  /** The owner's view; another user's list is not found. */
  async sharing(userId: string, listId: string): Promise<Sharing> {
    if (!(await isListOwnedBy(this.ctx.db, userId, listId))) throw listNotFound();
    return this.toSharing(await findListShare(this.ctx.db, listId));
  }

  /**
   * Sets who may see the list. Going private forgets the link at once; sharing again after that
   * makes a new one, so a link given out before stays dead. Unlisted and public share one link.
   */
  async setSharing(
    userId: string,
    listId: string,
    input: { visibility: ListVisibility; description?: string | undefined; categoryId?: number | null | undefined },
  ): Promise<Sharing> {
    return this.ctx.db.transaction().execute(async (trx) => {
      await lockUserLists(trx, userId);
      // Inside the transaction: a list deleted meanwhile is not found, never a foreign-key error.
      if (!(await isListOwnedBy(trx, userId, listId))) throw listNotFound();
      if (input.categoryId !== undefined && input.categoryId !== null && !(await findCategoryById(trx, input.categoryId))) {
        throw badRequest('Choose one of the categories.', ErrorCode.VALIDATION_ERROR, { categoryId: 'Choose one of the categories.' });
      }
      const current = await findListShare(trx, listId);
      const shared = input.visibility !== 'private';
      const keepsLink = shared && current?.share_id;
      const row: ListSharesTable = {
        list_id: listId,
        visibility: input.visibility,
        share_id: shared ? (keepsLink ? current.share_id : randomToken()) : null,
        description: input.description ?? current?.description ?? '',
        category_id: input.categoryId === undefined ? (current?.category_id ?? null) : input.categoryId,
        copy_count: current?.copy_count ?? 0,
        shared_at: shared ? (keepsLink ? current.shared_at : isoNow(this.ctx.clock)) : null,
      };
      await upsertListShare(trx, row);
      return this.toSharing(row);
    });
  }

  private async findShared(db: Db, shareId: string): Promise<SharedListRow> {
    // A malformed id is answered as an unknown one, without asking the database.
    const row = SHARE_ID_PATTERN.test(shareId) ? await findSharedList(db, shareId) : undefined;
    if (!row) throw sharedListNotFound();
    return row;
  }

  /** What anyone with the link sees: the list's name, description, category and apps; nothing about its owner. */
  async read(shareId: string): Promise<SharedList> {
    const row = await this.findShared(this.ctx.db, shareId);
    const apps = (await listItems(this.ctx.db, row.list_id)).map((item) => ({
      ...toApp(item),
      own_app: item.owner_user_id !== null,
      pinnedVersion: item.pinned_version,
    }));
    return {
      shareId: row.share_id,
      visibility: row.visibility,
      name: row.name,
      description: row.description,
      categoryId: row.category_id,
      categoryName: row.category_name,
      platforms: platformsOfApps(apps),
      copyCount: row.copy_count,
      sharedAt: row.shared_at,
      apps,
    };
  }

  /** A link preview's words, or null when the link names no shared list (the page is then served plain). */
  async preview(shareId: string): Promise<SharedListPreview | null> {
    const row = SHARE_ID_PATTERN.test(shareId) ? await findSharedList(this.ctx.db, shareId) : undefined;
    if (!row) return null;
    const appCount = (await listItemAppIds(this.ctx.db, row.list_id)).length;
    const summary = `A list of ${plural(appCount, 'app')} to install with Loadout.`;
    return { title: row.name, description: row.description ? `${row.description} ${summary}` : summary, url: this.shareUrl(row.share_id) };
  }

  /** Public lists, newest or most copied first, a page at a time. */
  async gallery(query: {
    search?: string | undefined;
    category?: number | undefined;
    sort: 'newest' | 'copies';
    page: number;
  }): Promise<GalleryResponse> {
    const { rows, total } = await galleryPage(this.ctx.db, {
      search: query.search || undefined,
      categoryId: query.category,
      sort: query.sort,
      offset: (query.page - 1) * GALLERY_PAGE_SIZE,
      limit: GALLERY_PAGE_SIZE,
    });
    const items = await listItemsOfLists(
      this.ctx.db,
      rows.map((row) => row.list_id),
    );
    return {
      items: rows.map((row) => {
        const apps = items.filter((item) => item.list_id === row.list_id).map(toApp);
        return {
          shareId: row.share_id,
          name: row.name,
          description: row.description,
          categoryId: row.category_id,
          categoryName: row.category_name,
          platforms: platformsOfApps(apps),
          copyCount: row.copy_count,
          sharedAt: row.shared_at,
          appCount: apps.length,
        };
      }),
      total,
      page: query.page,
      pageSize: GALLERY_PAGE_SIZE,
    };
  }

  /**
   * Copies a shared list into the caller's lists as a new private list of the same name, within
   * the caller's plan: LIST_LIMIT_REACHED when they have as many lists as it allows,
   * LIST_APP_LIMIT_REACHED when the list has more apps than one of theirs may hold (a partial
   * copy would quietly leave apps out). Copying one's own shared list is allowed.
   */
  async copy(userId: string, shareId: string): Promise<ListDetail> {
    const id = newId();
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserLists(trx, userId);
      const source = await this.findShared(trx, shareId);
      const plan = await this.lists.assertCanCreate(trx, userId);
      // One read of the source's items: the limit is checked on them and they are what is copied.
      const items = await listItemsForCopy(trx, source.list_id);
      if (items.length > plan.limits.appsPerList) throw appLimitReached(plan);
      const now = isoNow(this.ctx.clock);
      await insertList(trx, { id, user_id: userId, name: source.name, created_at: now, updated_at: now });
      await copyListItemsInto(trx, this.ownApps, userId, items, id, now);
      await countCopy(trx, source.list_id);
    });
    this.ctx.log.info({ userId, listId: id }, 'shared list copied');
    const copy = await this.lists.detail(userId, id);
    await this.lists.listMade(
      userId,
      id,
      copy.apps.map((app) => app.app_id),
    );
    return copy;
  }
}
