import type { App, Category, UpsertCategoryRequest } from '@shared/api/catalogue';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { apiClient } from '../../lib/api-client';
import { toApiError, type ApiError } from '../../lib/api-errors';
import { baseApi } from '../../lib/base-api';

/** Catalogue writes (SPEC §7 "Catalogue server", under /catalogue; DESIGN §5: admins only). */
export const catalogueAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    upsertCategory: build.mutation<Category, UpsertCategoryRequest>({
      query: (body) => ({ url: '/catalogue/categories', method: 'POST', data: body }),
      invalidatesTags: ['Catalogue'],
    }),
    deleteCategory: build.mutation<unknown, number>({
      query: (id) => ({ url: `/catalogue/categories/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Catalogue'],
    }),
    deleteApp: build.mutation<unknown, number>({
      query: (id) => ({ url: `/catalogue/apps/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Catalogue'],
    }),
  }),
});

export const { useUpsertCategoryMutation, useDeleteCategoryMutation, useDeleteAppMutation } = catalogueAdminApi;

/**
 * POST /catalogue/apps is multipart (SPEC §7). It goes through the API client directly rather
 * than an RTK mutation: a File in a mutation's arguments would sit in the Redux state, which
 * must stay serialisable. The browser sets the multipart boundary itself.
 */
export function useAddApp() {
  const dispatch = useDispatch();
  const [isLoading, setLoading] = useState(false);
  async function addApp(form: FormData): Promise<{ data: App } | { error: ApiError }> {
    setLoading(true);
    try {
      const response = await apiClient.post<App>('/catalogue/apps', form);
      dispatch(baseApi.util.invalidateTags(['Catalogue']));
      return { data: response.data };
    } catch (failure) {
      return { error: toApiError(failure) };
    } finally {
      setLoading(false);
    }
  }
  return [addApp, { isLoading }] as const;
}
