import type { AdminStats, AdminUser, CatalogueSyncRun } from '@shared/api/admin';
import type { FeedbackItem } from '@shared/api/feedback';

import { baseApi } from '../lib/base-api';

const schemas = () => import('@shared/api/admin');

/** The admin console's calls: catalogue and account counts, users and their admin flag, feedback. */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStats, void>({
      query: () => ({ url: '/api/admin/stats', schema: () => schemas().then((m) => m.adminStatsResponseSchema) }),
      providesTags: ['AdminStats'],
    }),
    getAdminUsers: build.query<{ users: AdminUser[]; total: number }, string>({
      query: (search) => ({
        url: '/api/admin/users',
        params: search.trim() ? { search: search.trim() } : undefined,
        schema: () => schemas().then((m) => m.adminUsersResponseSchema),
      }),
      providesTags: ['AdminUsers'],
    }),
    setUserAdmin: build.mutation<AdminUser, { id: string; isAdmin: boolean }>({
      query: ({ id, isAdmin }) => ({
        url: `/api/admin/users/${encodeURIComponent(id)}/admin`,
        method: 'POST',
        data: { isAdmin },
        schema: () => schemas().then((m) => m.adminUserSchema),
      }),
      invalidatesTags: ['AdminUsers', 'AdminStats'],
    }),
    getAdminFeedback: build.query<FeedbackItem[], void>({
      query: () => ({ url: '/api/admin/feedback', schema: () => schemas().then((m) => m.adminFeedbackResponseSchema) }),
      transformResponse: (body: { feedback: FeedbackItem[] }) => [...body.feedback].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      providesTags: ['AdminFeedback'],
    }),
    getCatalogueSyncs: build.query<CatalogueSyncRun[], void>({
      query: () => ({ url: '/api/admin/catalogue/syncs', schema: () => schemas().then((m) => m.catalogueSyncRunsResponseSchema) }),
      transformResponse: (body: { runs: CatalogueSyncRun[] }) => body.runs,
      providesTags: ['CatalogueSyncs'],
    }),
    syncCatalogue: build.mutation<CatalogueSyncRun, void>({
      query: () => ({ url: '/api/admin/catalogue/syncs', method: 'POST', schema: () => schemas().then((m) => m.catalogueSyncRunSchema) }),
      invalidatesTags: ['CatalogueSyncs', 'Catalogue', 'AdminStats'],
    }),
  }),
});

export const {
  useGetAdminStatsQuery,
  useGetAdminUsersQuery,
  useSetUserAdminMutation,
  useGetAdminFeedbackQuery,
  useGetCatalogueSyncsQuery,
  useSyncCatalogueMutation,
} = adminApi;
