import { expect } from 'vitest';

import type {
  BringBackPreview,
  BringBackResponse,
  ConfirmGroupRemovalResponse,
  DeviceDriftResponse,
  Group,
  GroupChangeResponse,
  GroupDriftResponse,
  GroupRemoval,
  GroupRemovalsResponse,
  GroupsResponse,
} from '@shared/api/device-groups';

import { installationsOf } from './agent';
import { adminBrowser, signInAgain, type Browser } from './devices';
import type { ApiError } from './factories';
import { catalogueOf, listsOf, setPlan } from './lists';
import type { TestApp } from './test-app';

/** One user's calls of device groups. */
export function groupsOf(t: TestApp, token: string) {
  return {
    list: () => t.api.get<GroupsResponse & ApiError>('/api/groups', token),
    create: (body: Record<string, unknown>) => t.api.post<Group & ApiError>('/api/groups', body, token),
    get: (id: string) => t.api.get<Group & ApiError>(`/api/groups/${id}`, token),
    update: (id: string, body: Record<string, unknown>) => t.api.patch<Group & ApiError>(`/api/groups/${id}`, body, token),
    remove: (id: string) => t.api.delete<ApiError>(`/api/groups/${id}`, token),
    addMember: (id: string, deviceId: string) =>
      t.api.put<GroupChangeResponse & ApiError>(`/api/groups/${id}/members/${deviceId}`, undefined, token),
    removeMember: (id: string, deviceId: string) => t.api.delete<Group & ApiError>(`/api/groups/${id}/members/${deviceId}`, token),
    addList: (id: string, listId: string) =>
      t.api.put<GroupChangeResponse & ApiError>(`/api/groups/${id}/lists/${listId}`, undefined, token),
    removeList: (id: string, listId: string) => t.api.delete<Group & ApiError>(`/api/groups/${id}/lists/${listId}`, token),
    drift: (id: string) => t.api.get<GroupDriftResponse & ApiError>(`/api/groups/${id}/drift`, token),
    deviceDrift: (deviceId: string) => t.api.get<DeviceDriftResponse & ApiError>(`/api/devices/${deviceId}/drift`, token),
    preview: (id: string, deviceIds?: string[]) =>
      t.api.post<BringBackPreview & ApiError>(`/api/groups/${id}/bring-back/preview`, deviceIds ? { deviceIds } : {}, token),
    bringBack: (id: string, deviceIds?: string[]) =>
      t.api.post<BringBackResponse & ApiError>(`/api/groups/${id}/bring-back`, deviceIds ? { deviceIds } : {}, token),
    removals: (id: string) => t.api.get<GroupRemovalsResponse & ApiError>(`/api/groups/${id}/removals`, token),
    confirmRemoval: (id: string, removalId: string, confirmName?: string) =>
      t.api.post<ConfirmGroupRemovalResponse & ApiError>(
        `/api/groups/${id}/removals/${removalId}/confirm`,
        confirmName === undefined ? {} : { confirmName },
        token,
      ),
    checkRemovalAgain: (id: string, removalId: string) =>
      t.api.post<GroupRemoval & ApiError>(`/api/groups/${id}/removals/${removalId}/check`, undefined, token),
    keepRemoval: (id: string, removalId: string) => t.api.post<ApiError>(`/api/groups/${id}/removals/${removalId}/keep`, undefined, token),
  };
}

/**
 * An Annual Premium owner with a Workstation list (hello, cowsay) and two more apt apps in the
 * catalogue, whose package names are this world's own (`hello-x1y2z`): another test's apps of
 * the same package would be the same installed package.
 */
export async function world(t: TestApp, admin: Browser, plan: 'premium' | 'annual-premium' = 'annual-premium') {
  const owner = await adminBrowser(t);
  await setPlan(t, owner.user.user.id, plan);
  const suffix = Math.random().toString(36).slice(2, 7);
  const packages = ['hello', 'cowsay', 'sl', 'figlet'].map((name) => `${name}-${suffix}`);
  const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, packages.length, `Groups ${suffix}`, (i) => ({
    apt_package: packages[i - 1] ?? 'hello',
  }));
  const [hello, cowsay, sl, figlet] = apps as [(typeof apps)[0], (typeof apps)[0], (typeof apps)[0], (typeof apps)[0]];
  const lists = listsOf(t, owner.token);
  const list = (await lists.create('Workstation')).body;
  for (const app of [hello, cowsay]) expect((await lists.add(list.id, app.app_id)).status).toBe(201);
  const groups = groupsOf(t, owner.token);
  return { owner, list, hello, cowsay, sl, figlet, packages, lists, groups, installs: installationsOf(t, owner.token) };
}
