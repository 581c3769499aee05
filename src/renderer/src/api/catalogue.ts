import type { App, Category } from '@shared/api/catalogue';

import { baseApi } from '../lib/base-api';

export interface CatalogueAppsQuery {
  search?: string;
  category?: number | null;
}

/** Only the arguments that are set, so that equal searches share one cache entry. */
function appsParams({ search, category }: CatalogueAppsQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (search?.trim()) params.search = search.trim();
  if (category) params.category = category;
  return params;
}

/**
 * The catalogue reads (public, under /catalogue): the lists screen browses it and the
 * management screen edits it (its writes are in catalogue-admin.ts).
 */
export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], void>({
      query: () => ({
        url: '/catalogue/categories',
        schema: () => import('@shared/api/catalogue').then((m) => m.categoriesResponseSchema),
      }),
      providesTags: ['Catalogue'],
    }),
    getCatalogueApps: build.query<App[], CatalogueAppsQuery>({
      query: (query) => ({
        url: '/catalogue/apps',
        params: appsParams(query),
        schema: () => import('@shared/api/catalogue').then((m) => m.appsResponseSchema),
      }),
      // Every query argument is part of the cache key (docs/patterns.md): normalise it first.
      serializeQueryArgs: ({ queryArgs, endpointName }) => `${endpointName}(${JSON.stringify(appsParams(queryArgs))})`,
      providesTags: ['Catalogue'],
    }),
  }),
});

export const { useGetCategoriesQuery, useGetCatalogueAppsQuery } = catalogueApi;
