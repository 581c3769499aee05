import type { App, Category, UpdateAppFields, UpsertCategoryRequest } from '@shared/api/catalogue';

import { toApiError } from '../lib/api-errors';
import { baseApi } from '../lib/base-api';

// Loaded with the first write, not with the first route: zod stays out of it (docs/decisions.md#performance-budgets).
const catalogue = () => import('@shared/api/catalogue');
const success = () => import('@shared/api/common').then((m) => m.successResponseSchema);

/** Catalogue writes, under /catalogue; admins only (docs/decisions.md#the-catalogue). */
export const catalogueAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    upsertCategory: build.mutation<Category, UpsertCategoryRequest>({
      query: (body) => ({
        url: '/catalogue/categories',
        method: 'POST',
        data: body,
        schema: () => catalogue().then((m) => m.categorySchema),
      }),
      invalidatesTags: ['Catalogue'],
    }),
    deleteCategory: build.mutation<unknown, number>({
      query: (id) => ({ url: `/catalogue/categories/${id}`, method: 'DELETE', schema: success }),
      invalidatesTags: ['Catalogue'],
    }),
    /**
     * Multipart (the icon is a file); the browser sets the boundary. The FormData is only in the action's
     * meta.arg, which RTK's serializability check skips: mutation state keeps no arguments.
     */
    addApp: build.mutation<App, FormData>({
      query: (form) => ({ url: '/catalogue/apps', method: 'POST', data: form, schema: () => catalogue().then((m) => m.appSchema) }),
      invalidatesTags: ['Catalogue'],
    }),
    /** JSON: the fields as when adding, without the icon, which stays. */
    updateApp: build.mutation<App, { id: number; fields: UpdateAppFields }>({
      query: ({ id, fields }) => ({
        url: `/catalogue/apps/${id}`,
        method: 'PUT',
        data: fields,
        schema: () => catalogue().then((m) => m.appSchema),
      }),
      invalidatesTags: ['Catalogue'],
    }),
    deleteApp: build.mutation<unknown, number>({
      query: (id) => ({ url: `/catalogue/apps/${id}`, method: 'DELETE', schema: success }),
      invalidatesTags: ['Catalogue'],
    }),
  }),
});

export const { useUpsertCategoryMutation, useDeleteCategoryMutation, useDeleteAppMutation } = catalogueAdminApi;

/** addApp whose failure is always an ApiError: the form shows its `details` per field. */
export function useAddApp() {
  const [addApp, state] = catalogueAdminApi.useAddAppMutation();
  const add = (form: FormData) =>
    addApp(form)
      .unwrap()
      .then(
        (data) => ({ data }),
        (error: unknown) => ({ error: toApiError(error) }),
      );
  return [add, state] as const;
}

/** updateApp whose failure is always an ApiError, as useAddApp. */
export function useUpdateApp() {
  const [updateApp, state] = catalogueAdminApi.useUpdateAppMutation();
  const update = (id: number, fields: UpdateAppFields) =>
    updateApp({ id, fields })
      .unwrap()
      .then(
        (data) => ({ data }),
        (error: unknown) => ({ error: toApiError(error) }),
      );
  return [update, state] as const;
}
