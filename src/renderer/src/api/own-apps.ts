import type { App } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/error-codes';
import type { AdminOwnApp, OwnApp, OwnAppRequest, PromoteOwnAppRequest } from '@shared/api/own-apps';

import { toApiError } from '../lib/api-errors';
import { baseApi } from '../lib/base-api';

// Loaded with the "Add apps" drawer and the admin page, not at start: zod stays out of the first route.
const schemas = () => import('@shared/api/own-apps');
const success = () => import('@shared/api/common').then((m) => m.successResponseSchema);
const appSchema = () => import('@shared/api/catalogue').then((m) => m.appSchema);

export type { AdminOwnApp, OwnApp };

/** Your app that a refused "add your own app" names: it has one of the new app's package ids. */
export interface ExistingOwnApp {
  appId: number;
  /** "You already have “Ripgrep” with this apt package." */
  message: string;
}

/** The app a 409 OWN_APP_EXISTS of POST /api/own-apps names (`details.appId`), else null. */
export function ownAppExistsOf(error: unknown): ExistingOwnApp | null {
  const { code, message, details } = toApiError(error);
  const appId = Number(details?.appId);
  if (code !== ErrorCode.OWN_APP_EXISTS || !Number.isInteger(appId) || appId <= 0) return null;
  return { appId, message: message ?? 'You already have an app with this package id.' };
}

/** Your own apps (GET/POST /api/own-apps, PUT/DELETE /api/own-apps/:id) and the admin's view and promote. */
export const ownAppsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOwnApps: build.query<OwnApp[], void>({
      query: () => ({ url: '/api/own-apps', schema: () => schemas().then((m) => m.ownAppsResponseSchema) }),
      transformResponse: (body: { apps: OwnApp[] }) => body.apps,
      providesTags: ['OwnApps'],
    }),
    /** The new app; OWN_APP_EXISTS (see `ownAppExistsOf`) when one of yours has one of its package ids. */
    createOwnApp: build.mutation<OwnApp, OwnAppRequest>({
      query: (body) => ({ url: '/api/own-apps', method: 'POST', data: body, schema: () => schemas().then((m) => m.ownAppSchema) }),
      invalidatesTags: ['OwnApps'],
    }),
    updateOwnApp: build.mutation<OwnApp, { id: number; app: OwnAppRequest }>({
      query: ({ id, app }) => ({
        url: `/api/own-apps/${id}`,
        method: 'PUT',
        data: app,
        schema: () => schemas().then((m) => m.ownAppSchema),
      }),
      invalidatesTags: ['OwnApps', 'ListItems'],
    }),
    /** It leaves your lists too. */
    deleteOwnApp: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/own-apps/${id}`, method: 'DELETE', schema: success }),
      invalidatesTags: ['OwnApps', 'Lists', 'ListItems'],
    }),
    getAdminOwnApps: build.query<AdminOwnApp[], void>({
      query: () => ({ url: '/api/admin/own-apps', schema: () => schemas().then((m) => m.adminOwnAppsResponseSchema) }),
      transformResponse: (body: { apps: AdminOwnApp[] }) => body.apps,
      providesTags: ['OwnApps'],
    }),
    promoteOwnApp: build.mutation<App, { id: number; fields: PromoteOwnAppRequest }>({
      query: ({ id, fields }) => ({ url: `/api/admin/own-apps/${id}/promote`, method: 'POST', data: fields, schema: appSchema }),
      invalidatesTags: ['OwnApps', 'Catalogue', 'ListItems'],
    }),
  }),
});

export const {
  useGetOwnAppsQuery,
  useCreateOwnAppMutation,
  useUpdateOwnAppMutation,
  useDeleteOwnAppMutation,
  useGetAdminOwnAppsQuery,
  usePromoteOwnAppMutation,
} = ownAppsApi;
