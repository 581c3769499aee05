import type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookAttempt,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryEventType,
  WebhookDeliveryResponse,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEventType,
  WebhooksResponse,
  WebhookWithSecret,
} from '@shared/api/webhooks';

import { baseApi } from '../lib/base-api';

/**
 * Deliveries one page of the log shows: the contract's default page (it allows up to
 * WEBHOOK_DELIVERIES_PAGE_MAX), repeated here so that zod does not load with the first route.
 */
export const WEBHOOK_DELIVERIES_PAGE = 20;

// The schemas (and zod) load with the first webhook call, not with the first route.
const schemas = () => import('@shared/api/webhooks');
const success = () => import('@shared/api/common').then((m) => m.successResponseSchema);

export type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookAttempt,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryEventType,
  WebhookDeliveryResponse,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEventType,
  WebhooksResponse,
  WebhookWithSecret,
};

const path = (webhookId: string) => `/api/webhooks/${encodeURIComponent(webhookId)}`;
const deliveryPath = (webhookId: string, deliveryId: string) => `${path(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}`;

const WEBHOOKS = 'Webhooks' as const;
const LIST = { type: WEBHOOKS, id: 'LIST' };
const endpointTag = (webhookId: string) => ({ type: WEBHOOKS, id: webhookId });
const deliveriesTag = (webhookId: string) => ({ type: WEBHOOKS, id: `deliveries:${webhookId}` });
/** A new delivery changes the log, the endpoint's last delivery in the list and, when it fails, its "failing since". */
const afterDelivery = (webhookId: string) => [LIST, endpointTag(webhookId), deliveriesTag(webhookId)];

/** Outgoing webhooks (Premium): the account's endpoints, their signing secrets and their delivery logs. */
export const webhooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWebhooks: build.query<WebhooksResponse, void>({
      query: () => ({ url: '/api/webhooks', schema: () => schemas().then((m) => m.webhooksResponseSchema) }),
      providesTags: [LIST],
    }),
    getWebhook: build.query<WebhookEndpoint, string>({
      query: (webhookId) => ({ url: path(webhookId), schema: () => schemas().then((m) => m.webhookEndpointSchema) }),
      providesTags: (_result, _error, webhookId) => [endpointTag(webhookId)],
    }),
    /** One page of the delivery log, newest first. */
    getWebhookDeliveries: build.query<WebhookDeliveriesResponse, { webhookId: string; offset: number }>({
      query: ({ webhookId, offset }) => ({
        url: `${path(webhookId)}/deliveries`,
        params: { offset, limit: WEBHOOK_DELIVERIES_PAGE },
        schema: () => schemas().then((m) => m.webhookDeliveriesResponseSchema),
      }),
      providesTags: (_result, _error, { webhookId }) => [deliveriesTag(webhookId)],
    }),
    /** The body as sent and every attempt with its answer. */
    getWebhookDelivery: build.query<WebhookDeliveryDetail, { webhookId: string; deliveryId: string }>({
      query: ({ webhookId, deliveryId }) => ({
        url: deliveryPath(webhookId, deliveryId),
        schema: () => schemas().then((m) => m.webhookDeliveryDetailSchema),
      }),
      // A pending delivery gains attempts: it is read again with the log.
      providesTags: (_result, _error, { webhookId }) => [deliveriesTag(webhookId)],
    }),
    /** The answer holds the signing secret: shown once by the component, never kept in a query's cache. */
    createWebhook: build.mutation<WebhookWithSecret, CreateWebhookRequest>({
      query: (body) => ({
        url: '/api/webhooks',
        method: 'POST',
        data: body,
        schema: () => schemas().then((m) => m.webhookWithSecretSchema),
      }),
      invalidatesTags: [LIST],
    }),
    /** Changes the address, description or events, or turns the endpoint off and on (`enabled`). */
    updateWebhook: build.mutation<WebhookEndpoint, { webhookId: string } & UpdateWebhookRequest>({
      query: ({ webhookId, ...body }) => ({
        url: path(webhookId),
        method: 'PATCH',
        data: body,
        schema: () => schemas().then((m) => m.webhookEndpointSchema),
      }),
      invalidatesTags: (_result, _error, { webhookId }) => [LIST, endpointTag(webhookId)],
    }),
    // Not the endpoint's own tag: its page is left at once, and reading it again would only answer 404.
    deleteWebhook: build.mutation<unknown, string>({
      query: (webhookId) => ({ url: path(webhookId), method: 'DELETE', schema: success }),
      invalidatesTags: [LIST],
    }),
    /** A new signing secret (the old one stops signing at once); the answer is the only time it is shown. */
    rollWebhookSecret: build.mutation<WebhookWithSecret, string>({
      query: (webhookId) => ({
        url: `${path(webhookId)}/secret`,
        method: 'POST',
        schema: () => schemas().then((m) => m.webhookWithSecretSchema),
      }),
    }),
    /** Sends a `ping` event; the delivery's first try is under way when this answers. */
    sendWebhookTest: build.mutation<WebhookDeliveryResponse, string>({
      query: (webhookId) => ({
        url: `${path(webhookId)}/test`,
        method: 'POST',
        schema: () => schemas().then((m) => m.webhookDeliveryResponseSchema),
      }),
      invalidatesTags: (_result, _error, webhookId) => afterDelivery(webhookId),
    }),
    /** Sends a delivery's event again as a new delivery (its `replayOf` names the first). */
    replayWebhookDelivery: build.mutation<WebhookDeliveryResponse, { webhookId: string; deliveryId: string }>({
      query: ({ webhookId, deliveryId }) => ({
        url: `${deliveryPath(webhookId, deliveryId)}/replay`,
        method: 'POST',
        schema: () => schemas().then((m) => m.webhookDeliveryResponseSchema),
      }),
      invalidatesTags: (_result, _error, { webhookId }) => afterDelivery(webhookId),
    }),
  }),
});

export const {
  useGetWebhooksQuery,
  useGetWebhookQuery,
  useGetWebhookDeliveriesQuery,
  useGetWebhookDeliveryQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRollWebhookSecretMutation,
  useSendWebhookTestMutation,
  useReplayWebhookDeliveryMutation,
} = webhooksApi;
