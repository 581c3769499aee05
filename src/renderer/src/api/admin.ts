import type { AdminStats, AdminUser } from '@shared/api/admin';
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
  }),
});

export const { useGetAdminStatsQuery, useGetAdminUsersQuery, useSetUserAdminMutation, useGetAdminFeedbackQuery } = adminApi;
