import type { SuccessResponse } from '@shared/api/common';
import type { CreateScheduleInput, Schedule, SchedulesResponse, ScheduleTimingInput } from '@shared/api/schedules';

import { baseApi } from '../lib/base-api';

// The schemas (and zod) load with the first schedule call, not with the first route.
const schemas = () => import('@shared/api/schedules');
const common = () => import('@shared/api/common');

export type { Schedule };

/**
 * Custom update schedules (Premium): GET/POST /api/schedules, PUT/DELETE
 * /api/schedules/:id. The device page and the list page both edit them.
 */
export const schedulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSchedules: build.query<SchedulesResponse, void>({
      query: () => ({ url: '/api/schedules', schema: () => schemas().then((m) => m.schedulesResponseSchema) }),
      providesTags: ['Schedules'],
    }),
    createSchedule: build.mutation<Schedule, CreateScheduleInput>({
      query: (body) => ({ url: '/api/schedules', method: 'POST', data: body, schema: () => schemas().then((m) => m.scheduleSchema) }),
      invalidatesTags: ['Schedules'],
    }),
    updateSchedule: build.mutation<Schedule, { id: string; timing: ScheduleTimingInput }>({
      query: ({ id, timing }) => ({
        url: `/api/schedules/${encodeURIComponent(id)}`,
        method: 'PUT',
        data: timing,
        schema: () => schemas().then((m) => m.scheduleSchema),
      }),
      invalidatesTags: ['Schedules'],
    }),
    deleteSchedule: build.mutation<SuccessResponse, string>({
      query: (id) => ({
        url: `/api/schedules/${encodeURIComponent(id)}`,
        method: 'DELETE',
        schema: () => common().then((m) => m.successResponseSchema),
      }),
      invalidatesTags: ['Schedules'],
    }),
  }),
});

export const { useGetSchedulesQuery, useCreateScheduleMutation, useUpdateScheduleMutation, useDeleteScheduleMutation } = schedulesApi;
