import type { App } from '@shared/api/catalogue';
import type { ListDetail, ListItem, ListSummary } from '@shared/api/lists';

import { setSubscriptionPlan } from '../../../src/server/db/repositories/subscriptions.repository';
import { createApp, createCategory, type AppFields } from './catalogue';
import type { ApiError } from './factories';
import type { TestApp } from './test-app';

/** Adds `count` apps (App 1 … App n, in a category of their own) through the admin API. */
export async function catalogueOf(
  t: TestApp,
  adminToken: string,
  count: number,
  prefix = 'App',
  extra: (i: number) => Partial<AppFields> = () => ({}),
): Promise<App[]> {
  const category = await createCategory(t.api, adminToken, `${prefix} category`);
  const apps: App[] = [];
  for (let i = 1; i <= count; i += 1) {
    apps.push(
      await createApp(t.api, adminToken, { name: `${prefix} ${i}`, category: category.category_id, file_size_kb: 1000 * i, ...extra(i) }),
    );
  }
  return apps;
}

/** A thin client for one user's lists. */
export function listsOf(t: TestApp, token: string) {
  return {
    all: () => t.api.get<ListSummary[] & ApiError>('/api/lists', token),
    create: (name: string) => t.api.post<ListDetail & ApiError>('/api/lists', { name }, token),
    rename: (id: string, name: string) => t.api.put<ListDetail & ApiError>(`/api/lists/${id}`, { name }, token),
    remove: (id: string) => t.api.delete<ApiError>(`/api/lists/${id}`, token),
    items: (id: string) => t.api.get<{ items: ListItem[] } & ApiError>(`/api/lists/${id}/items`, token),
    add: (id: string, appId: number) => t.api.post<ListItem & ApiError>(`/api/lists/${id}/items`, { appId }, token),
    drop: (id: string, appId: number) => t.api.delete<ApiError>(`/api/lists/${id}/items/${appId}`, token),
    reorder: (id: string, appIds: number[]) => t.api.put<{ appIds: number[] } & ApiError>(`/api/lists/${id}/items`, { appIds }, token),
  };
}

/** Moves a user to another plan directly in the database, as a payment (or its expiry) would. */
export async function setPlan(t: TestApp, userId: string, plan: 'free' | 'premium' | 'annual-premium'): Promise<void> {
  await setSubscriptionPlan(t.app.ctx.db, t.app.ctx.authCache, userId, plan, t.clock.now().toISOString());
}
