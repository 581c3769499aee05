import type { SuccessResponse } from '@shared/api/common';
import type {
  CreatePolicyInput,
  DevicePolicyResponse,
  PolicySettingsInput,
  RolloutsResponse,
  UpdatePoliciesResponse,
  UpdatePolicy,
} from '@shared/api/update-policies';

import { baseApi } from '../lib/base-api';

// The schemas (and zod) load with the first policy call, not with the first route.
const schemas = () => import('@shared/api/update-policies');
const common = () => import('@shared/api/common');

export type { UpdatePolicy };

/**
 * Update policies (Premium; a group's Annual Premium): GET/POST /api/update-policies, PUT/DELETE
 * /api/update-policies/:id, and GET /api/devices/:id/update-policy (which one decides for a
 * machine). The Updates page, a machine's page, a group's page and a list's menu edit them.
 */
export const updatePoliciesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUpdatePolicies: build.query<UpdatePoliciesResponse, void>({
      query: () => ({ url: '/api/update-policies', schema: () => schemas().then((m) => m.updatePoliciesResponseSchema) }),
      providesTags: ['UpdatePolicies'],
    }),
    getDeviceUpdatePolicy: build.query<DevicePolicyResponse, string>({
      query: (deviceId) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/update-policy`,
        schema: () => schemas().then((m) => m.devicePolicyResponseSchema),
      }),
      providesTags: ['UpdatePolicies'],
    }),
    createUpdatePolicy: build.mutation<UpdatePolicy, CreatePolicyInput>({
      query: (body) => ({
        url: '/api/update-policies',
        method: 'POST',
        data: body,
        schema: () => schemas().then((m) => m.updatePolicySchema),
      }),
      invalidatesTags: ['UpdatePolicies'],
    }),
    updateUpdatePolicy: build.mutation<UpdatePolicy, { id: string; settings: PolicySettingsInput }>({
      query: ({ id, settings }) => ({
        url: `/api/update-policies/${encodeURIComponent(id)}`,
        method: 'PUT',
        data: settings,
        schema: () => schemas().then((m) => m.updatePolicySchema),
      }),
      invalidatesTags: ['UpdatePolicies'],
    }),
    getRollouts: build.query<RolloutsResponse, void>({
      query: () => ({ url: '/api/rollouts', schema: () => schemas().then((m) => m.rolloutsResponseSchema) }),
      providesTags: ['Rollouts'],
    }),
    resumeRollout: build.mutation<SuccessResponse, string>({
      query: (id) => ({
        url: `/api/rollouts/${encodeURIComponent(id)}/resume`,
        method: 'POST',
        schema: () => common().then((m) => m.successResponseSchema),
      }),
      invalidatesTags: ['Rollouts'],
    }),
    cancelRollout: build.mutation<SuccessResponse, string>({
      query: (id) => ({
        url: `/api/rollouts/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        schema: () => common().then((m) => m.successResponseSchema),
      }),
      invalidatesTags: ['Rollouts'],
    }),
    deleteUpdatePolicy: build.mutation<SuccessResponse, string>({
      query: (id) => ({
        url: `/api/update-policies/${encodeURIComponent(id)}`,
        method: 'DELETE',
        schema: () => common().then((m) => m.successResponseSchema),
      }),
      invalidatesTags: ['UpdatePolicies'],
    }),
  }),
});

export const {
  useGetUpdatePoliciesQuery,
  useGetDeviceUpdatePolicyQuery,
  useCreateUpdatePolicyMutation,
  useUpdateUpdatePolicyMutation,
  useDeleteUpdatePolicyMutation,
  useGetRolloutsQuery,
  useResumeRolloutMutation,
  useCancelRolloutMutation,
} = updatePoliciesApi;
