import { z, type ZodType } from 'zod';

import { accountDebugResponseSchema, accountResponseSchema, updateAccountResponseSchema } from '@shared/api/account';
import {
  adminFeedbackResponseSchema,
  adminStatsResponseSchema,
  adminUserSchema,
  adminUsersResponseSchema,
  catalogueSyncRunSchema,
  catalogueSyncRunsResponseSchema,
} from '@shared/api/admin';
import { apiKeysResponseSchema, createApiKeyResponseSchema } from '@shared/api/api-keys';
import {
  googleLoginResponseSchema,
  loginResponseSchema,
  publicConfigSchema,
  refreshResponseSchema,
  registerResponseSchema,
  undoEmailChangeResponseSchema,
  verifyEmailResponseSchema,
} from '@shared/api/auth';
import {
  appSchema,
  appSourcesResponseSchema,
  appsResponseSchema,
  catalogueSearchResponseSchema,
  categoriesResponseSchema,
  categorySchema,
} from '@shared/api/catalogue';
import { agentReleasesResponseSchema } from '@shared/api/client';
import { successResponseSchema } from '@shared/api/common';
import {
  bringBackPreviewSchema,
  bringBackResponseSchema,
  confirmGroupRemovalResponseSchema,
  deviceDriftResponseSchema,
  groupChangeResponseSchema,
  groupDriftResponseSchema,
  groupRemovalSchema,
  groupRemovalsResponseSchema,
  groupSchema,
  groupsResponseSchema,
} from '@shared/api/device-groups';
import { deviceSearchSchema } from '@shared/api/device-searches';
import {
  createDeviceTokenResponseSchema,
  deactivateDeviceResponseSchema,
  deviceCheckResponseSchema,
  deviceResponseSchema,
  devicesResponseSchema,
  deviceTokensResponseSchema,
  logoutNotificationsResponseSchema,
  pingResponseSchema,
  registerDeviceResponseSchema,
} from '@shared/api/devices';
import { feedbackResponseSchema } from '@shared/api/feedback';
import { generationSchema, generationsResponseSchema, rollbackPreviewSchema, rollbackResponseSchema } from '@shared/api/generations';
import { historyResponseSchema } from '@shared/api/history';
import {
  deviceInventorySchema,
  installationItemLogSchema,
  installationSchema,
  installationsResponseSchema,
  inventoryRefreshResponseSchema,
  listStatusSchema,
  listStatusSummarySchema,
  previewResponseSchema,
} from '@shared/api/installations';
import { importListResponseSchema, importPreviewSchema } from '@shared/api/list-import';
import { followedListsResponseSchema, followListResponseSchema, listFollowersResponseSchema } from '@shared/api/list-sync';
import {
  listDetailSchema,
  listItemSchema,
  listItemsResponseSchema,
  listsResponseSchema,
  reorderListItemsResponseSchema,
} from '@shared/api/lists';
import { deviceCheckInsResponseSchema } from '@shared/api/monitoring';
import { markNotificationsReadResponseSchema, notificationSettingsSchema, notificationsResponseSchema } from '@shared/api/notifications';
import { adminOwnAppsResponseSchema, ownAppSchema, ownAppsResponseSchema } from '@shared/api/own-apps';
import {
  createPaymentIntentResponseSchema,
  paymentHistoryResponseSchema,
  sandboxConfirmResponseSchema,
  verifyPaymentResponseSchema,
} from '@shared/api/payment';
import { removalCheckSchema } from '@shared/api/removal-checks';
import { galleryResponseSchema, sharedListSchema, sharingSchema } from '@shared/api/shared-lists';
import {
  cancelDowngradeResponseSchema,
  downgradeResponseSchema,
  subscriptionStatusResponseSchema,
  subscriptionTestResponseSchema,
} from '@shared/api/subscription';
import {
  devicePolicyResponseSchema,
  rolloutsResponseSchema,
  updatePoliciesResponseSchema,
  updatePolicySchema,
} from '@shared/api/update-policies';
import {
  webhookDeliveriesResponseSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointSchema,
  webhooksResponseSchema,
  webhookWithSecretSchema,
} from '@shared/api/webhooks';

/** A JSON answer: the shared schema the route declares, and the success statuses it uses. */
interface JsonOperation<S extends ZodType, Status extends number> {
  kind: 'json';
  schema: S;
  statuses: readonly Status[];
}

/** A file download (blob or text, not JSON): the body is the file's text. */
interface FileOperation {
  kind: 'file';
  schema: z.ZodString;
  statuses: readonly [200];
}

function json<S extends ZodType>(schema: S): JsonOperation<S, 200>;
function json<S extends ZodType, const Status extends number>(schema: S, ...statuses: [Status, ...Status[]]): JsonOperation<S, Status>;
function json(schema: ZodType, ...statuses: number[]): JsonOperation<ZodType, number> {
  return { kind: 'json', schema, statuses: statuses.length > 0 ? statuses : [200] };
}
const file = (): FileOperation => ({ kind: 'file', schema: z.string(), statuses: [200] });

/**
 * Every call the web app makes, keyed "METHOD /path/:param", with what the server answers
 * (the `response` of the route in src/server/routes/*.routes.ts). `mockApi` only accepts
 * answers that fit this table; a call the app starts making is added here first.
 */
export const apiContract = {
  'GET /api/config': json(publicConfigSchema),

  'POST /api/auth/login': json(loginResponseSchema),
  'POST /api/auth/register': json(registerResponseSchema, 202),
  'POST /api/auth/google-login': json(googleLoginResponseSchema),
  'POST /api/auth/refresh': json(refreshResponseSchema),
  'POST /api/auth/logout': json(successResponseSchema),
  'POST /api/auth/resend-verification': json(successResponseSchema),
  'POST /api/auth/reset-password-request': json(successResponseSchema),
  'POST /api/auth/reset-password': json(successResponseSchema),
  'POST /api/auth/verify-email': json(verifyEmailResponseSchema),
  'POST /api/auth/undo-email-change': json(undoEmailChangeResponseSchema),

  'GET /api/account': json(accountResponseSchema),
  'PUT /api/account': json(updateAccountResponseSchema),
  'POST /api/account/delete': json(successResponseSchema),
  'GET /api/account/debug': json(accountDebugResponseSchema),
  'GET /api/api-keys': json(apiKeysResponseSchema),
  'POST /api/api-keys': json(createApiKeyResponseSchema, 201),
  'DELETE /api/api-keys/:id': json(successResponseSchema),

  'GET /api/subscription/status': json(subscriptionStatusResponseSchema),
  'GET /api/subscription/test': json(subscriptionTestResponseSchema),
  'POST /api/subscription/downgrade': json(downgradeResponseSchema),
  'POST /api/subscription/cancel-downgrade': json(cancelDowngradeResponseSchema),
  'POST /api/payment/create-payment-intent': json(createPaymentIntentResponseSchema),
  'POST /api/payment/sandbox/confirm': json(sandboxConfirmResponseSchema),
  'POST /api/payment/sandbox/authenticate': json(sandboxConfirmResponseSchema),
  'POST /api/payment/verify': json(verifyPaymentResponseSchema),
  'GET /api/payments': json(paymentHistoryResponseSchema),

  'GET /catalogue/categories': json(categoriesResponseSchema),
  'POST /catalogue/categories': json(categorySchema, 200, 201),
  'DELETE /catalogue/categories/:id': json(successResponseSchema),
  'GET /catalogue/apps': json(appsResponseSchema),
  'GET /catalogue/search': json(catalogueSearchResponseSchema),
  'GET /catalogue/apps/:id/sources': json(appSourcesResponseSchema),
  'POST /catalogue/apps': json(appSchema, 201),
  'PUT /catalogue/apps/:id': json(appSchema),
  'DELETE /catalogue/apps/:id': json(successResponseSchema),

  'GET /api/lists': json(listsResponseSchema),
  'POST /api/lists': json(listDetailSchema, 201),
  'POST /api/lists/import/preview': json(importPreviewSchema),
  'POST /api/lists/import': json(importListResponseSchema, 201),
  'PUT /api/lists/:id': json(listDetailSchema),
  'DELETE /api/lists/:id': json(successResponseSchema),
  'GET /api/lists/:id/items': json(listItemsResponseSchema),
  'POST /api/lists/:id/items': json(listItemSchema, 201),
  'PUT /api/lists/:id/items': json(reorderListItemsResponseSchema),
  'DELETE /api/lists/:id/items/:appId': json(successResponseSchema),
  'PUT /api/lists/:id/items/:appId/pin': json(listItemSchema),
  'DELETE /api/lists/:id/items/:appId/pin': json(listItemSchema),
  'GET /api/lists/:id/export': file(),

  'GET /api/own-apps': json(ownAppsResponseSchema),
  'POST /api/own-apps': json(ownAppSchema, 201),
  'PUT /api/own-apps/:id': json(ownAppSchema),
  'DELETE /api/own-apps/:id': json(successResponseSchema),
  'GET /api/admin/own-apps': json(adminOwnAppsResponseSchema),
  'POST /api/admin/own-apps/:id/promote': json(appSchema),
  // The desktop client download; this server has no such route yet (the dialog's error path).
  'GET /api/client/download-client/:platform': file(),
  'GET /api/client/agent/releases': json(agentReleasesResponseSchema),

  'POST /api/feedback': json(feedbackResponseSchema),

  'GET /api/admin/stats': json(adminStatsResponseSchema),
  'GET /api/admin/users': json(adminUsersResponseSchema),
  'POST /api/admin/users/:id/admin': json(adminUserSchema),
  'GET /api/admin/feedback': json(adminFeedbackResponseSchema),
  'GET /api/admin/catalogue/syncs': json(catalogueSyncRunsResponseSchema),
  'POST /api/admin/catalogue/syncs': json(catalogueSyncRunSchema),

  'GET /api/devices': json(devicesResponseSchema),
  'GET /api/devices/check': json(deviceCheckResponseSchema),
  'POST /api/devices/register': json(registerDeviceResponseSchema),
  'POST /api/devices/ping': json(pingResponseSchema),
  'POST /api/devices/update-status': json(pingResponseSchema),
  'POST /api/devices/deactivate': json(deactivateDeviceResponseSchema),
  'PUT /api/devices/:id/name': json(deviceResponseSchema),
  'POST /api/devices/:id/admin-status': json(deviceResponseSchema),
  'GET /api/devices/logout-notifications': json(logoutNotificationsResponseSchema),
  'GET /api/tokens': json(deviceTokensResponseSchema),
  'POST /api/device-tokens': json(createDeviceTokenResponseSchema, 201),
  'DELETE /api/device-tokens/:id': json(successResponseSchema),
  'GET /api/devices/:id/inventory': json(deviceInventorySchema),
  'POST /api/devices/:id/inventory/refresh': json(inventoryRefreshResponseSchema, 202),
  'DELETE /api/devices/:id/held-updates/:appId': json(successResponseSchema),
  'GET /api/devices/:id/check-ins': json(deviceCheckInsResponseSchema),
  'POST /api/devices/:id/removal-checks': json(removalCheckSchema, 202),
  'GET /api/devices/:id/removal-checks/:checkId': json(removalCheckSchema),
  'POST /api/devices/:id/searches': json(deviceSearchSchema, 202),
  'GET /api/devices/:id/searches/:searchId': json(deviceSearchSchema),

  'GET /api/installations': json(installationsResponseSchema),
  'POST /api/installations': json(installationSchema, 201),
  'POST /api/installations/preview': json(previewResponseSchema),
  'GET /api/installations/:id': json(installationSchema),
  'GET /api/installations/:id/items/:itemId/log': json(installationItemLogSchema),
  'POST /api/installations/:id/cancel': json(installationSchema),
  'POST /api/installations/:id/retry': json(installationSchema),
  'GET /api/lists/status': json(listStatusSummarySchema),
  'GET /api/lists/:id/status': json(listStatusSchema),
  'GET /api/lists/:id/followers': json(listFollowersResponseSchema),
  'PUT /api/lists/:id/followers/:deviceId': json(followListResponseSchema),
  'DELETE /api/lists/:id/followers/:deviceId': json(successResponseSchema),
  'GET /api/devices/:id/followed-lists': json(followedListsResponseSchema),

  'GET /api/groups': json(groupsResponseSchema),
  'POST /api/groups': json(groupSchema, 201),
  'GET /api/groups/:id': json(groupSchema),
  'PATCH /api/groups/:id': json(groupSchema),
  'DELETE /api/groups/:id': json(successResponseSchema),
  'PUT /api/groups/:id/members/:deviceId': json(groupChangeResponseSchema),
  'DELETE /api/groups/:id/members/:deviceId': json(groupSchema),
  'PUT /api/groups/:id/lists/:listId': json(groupChangeResponseSchema),
  'DELETE /api/groups/:id/lists/:listId': json(groupSchema),
  'GET /api/groups/:id/drift': json(groupDriftResponseSchema),
  'POST /api/groups/:id/bring-back/preview': json(bringBackPreviewSchema),
  'POST /api/groups/:id/bring-back': json(bringBackResponseSchema),
  'GET /api/groups/:id/removals': json(groupRemovalsResponseSchema),
  'POST /api/groups/:id/removals/:removalId/confirm': json(confirmGroupRemovalResponseSchema),
  'POST /api/groups/:id/removals/:removalId/check': json(groupRemovalSchema),
  'POST /api/groups/:id/removals/:removalId/keep': json(successResponseSchema),
  'GET /api/devices/:id/drift': json(deviceDriftResponseSchema),

  'GET /api/webhooks': json(webhooksResponseSchema),
  'POST /api/webhooks': json(webhookWithSecretSchema, 201),
  'GET /api/webhooks/:id': json(webhookEndpointSchema),
  'PATCH /api/webhooks/:id': json(webhookEndpointSchema),
  'DELETE /api/webhooks/:id': json(successResponseSchema),
  'POST /api/webhooks/:id/secret': json(webhookWithSecretSchema),
  'POST /api/webhooks/:id/test': json(webhookDeliveryResponseSchema, 202),
  'GET /api/webhooks/:id/deliveries': json(webhookDeliveriesResponseSchema),
  'GET /api/webhooks/:id/deliveries/:deliveryId': json(webhookDeliveryDetailSchema),
  'POST /api/webhooks/:id/deliveries/:deliveryId/replay': json(webhookDeliveryResponseSchema, 202),

  'GET /api/devices/:id/generations': json(generationsResponseSchema),
  'GET /api/devices/:id/generations/:number': json(generationSchema),
  'POST /api/devices/:id/generations/:number/rollback/preview': json(rollbackPreviewSchema),
  'POST /api/devices/:id/generations/:number/rollback': json(rollbackResponseSchema),

  'GET /api/lists/:id/sharing': json(sharingSchema),
  'PUT /api/lists/:id/sharing': json(sharingSchema),
  'GET /api/shared-lists/:shareId': json(sharedListSchema),
  'POST /api/shared-lists/:shareId/copy': json(listDetailSchema, 201),
  'GET /api/gallery': json(galleryResponseSchema),

  'GET /api/history': json(historyResponseSchema),
  'GET /api/history/export.csv': file(),

  'GET /api/update-policies': json(updatePoliciesResponseSchema),
  'POST /api/update-policies': json(updatePolicySchema, 201),
  'PUT /api/update-policies/:id': json(updatePolicySchema),
  'DELETE /api/update-policies/:id': json(successResponseSchema),
  'GET /api/devices/:id/update-policy': json(devicePolicyResponseSchema),
  'GET /api/rollouts': json(rolloutsResponseSchema),
  'POST /api/rollouts/:id/resume': json(successResponseSchema),
  'POST /api/rollouts/:id/cancel': json(successResponseSchema),

  'GET /api/notifications': json(notificationsResponseSchema),
  'POST /api/notifications/read': json(markNotificationsReadResponseSchema),
  'GET /api/notification-settings': json(notificationSettingsSchema),
  'PUT /api/notification-settings': json(notificationSettingsSchema),
} satisfies Record<string, JsonOperation<ZodType, number> | FileOperation>;

export type ApiOperation = keyof typeof apiContract;

/** "GET /api/lists/:id/items" → `GET /api/lists/${string}/items`: the keys a test may write. */
export type ConcretePath<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${ConcretePath<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;

/** The operation a concrete "METHOD /path" belongs to, matched segment by segment. */
export function findOperation(key: string): ApiOperation | undefined {
  const wanted = key.split(/[ /]/);
  return (Object.keys(apiContract) as ApiOperation[]).find((operation) => {
    const pattern = operation.split(/[ /]/);
    return (
      pattern.length === wanted.length &&
      pattern.every((segment, index) => (segment.startsWith(':') ? (wanted[index] ?? '') !== '' : segment === wanted[index]))
    );
  });
}
