import type { App, AppSource, CatalogueSearchResponse, Category, Platform } from '@shared/api/catalogue';

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

export interface CatalogueSearchArgs {
  q?: string;
  platform?: Platform | null;
  category?: number | null;
  offset?: number;
  limit?: number;
}

/** Only the arguments that are set (and an offset past the first page), so that equal searches share one cache entry. */
function searchParams({ q, platform, category, offset, limit }: CatalogueSearchArgs): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (q?.trim()) params.q = q.trim();
  if (platform) params.platform = platform;
  if (category) params.category = category;
  if (offset) params.offset = offset;
  if (limit) params.limit = limit;
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
    /** One page of the whole catalogue, best first: the catalogue page and the add-apps drawer page through it. */
    searchCatalogue: build.query<CatalogueSearchResponse, CatalogueSearchArgs>({
      query: (args) => ({
        url: '/catalogue/search',
        params: searchParams(args),
        schema: () => import('@shared/api/catalogue').then((m) => m.catalogueSearchResponseSchema),
      }),
      serializeQueryArgs: ({ queryArgs, endpointName }) => `${endpointName}(${JSON.stringify(searchParams(queryArgs))})`,
      providesTags: ['Catalogue'],
    }),
    /** Where an app's package ids come from, with the evidence of each mapping. */
    getAppSources: build.query<AppSource[], number>({
      query: (appId) => ({
        url: `/catalogue/apps/${appId}/sources`,
        schema: () => import('@shared/api/catalogue').then((m) => m.appSourcesResponseSchema),
      }),
      transformResponse: (body: { sources: AppSource[] }) => body.sources,
      providesTags: ['Catalogue'],
    }),
  }),
});

export const { useGetCategoriesQuery, useGetCatalogueAppsQuery, useSearchCatalogueQuery, useGetAppSourcesQuery } = catalogueApi;
