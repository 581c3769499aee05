import type { FastifyInstance } from 'fastify';

import { accountRoutes } from './account.routes';
import { adminRoutes } from './admin.routes';
import { agentRoutes } from './agent.routes';
import { apiKeyRoutes } from './api-keys.routes';
import { authEmailRoutes } from './auth-email.routes';
import { authRoutes } from './auth.routes';
import { catalogueRoutes } from './catalogue.routes';
import { clientRoutes } from './client.routes';
import { debugRoutes } from './debug.routes';
import { deviceGroupRoutes } from './device-groups.routes';
import { deviceInventoryRoutes } from './device-inventory.routes';
import { deviceSearchRoutes } from './device-searches.routes';
import { deviceTokenRoutes } from './device-tokens.routes';
import { deviceRoutes } from './devices.routes';
import { feedbackRoutes } from './feedback.routes';
import { generationRoutes } from './generations.routes';
import { healthRoutes } from './health.routes';
import { historyRoutes } from './history.routes';
import { installationRoutes } from './installations.routes';
import { listStatusRoutes } from './list-status.routes';
import { listSyncRoutes } from './list-sync.routes';
import { listRoutes } from './lists.routes';
import { monitoringRoutes } from './monitoring.routes';
import { notificationRoutes } from './notifications.routes';
import { ownAppRoutes } from './own-apps.routes';
import { paymentRoutes } from './payment.routes';
import { realtimeRoutes } from './realtime.routes';
import { removalCheckRoutes } from './removal-checks.routes';
import { sharedListRoutes } from './shared-lists.routes';
import { subscriptionRoutes } from './subscription.routes';
import { updatePolicyRoutes } from './update-policies.routes';
import { webhookRoutes } from './webhooks.routes';

/** Every route module of the API, registered in one place. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  // Collected as they are added, for the admins' GET /api/debug/routes.
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(authEmailRoutes);
  await app.register(accountRoutes);
  await app.register(subscriptionRoutes);
  await app.register(paymentRoutes);
  await app.register(apiKeyRoutes);
  await app.register(catalogueRoutes);
  await app.register(listRoutes);
  await app.register(ownAppRoutes);
  await app.register(sharedListRoutes);
  await app.register(feedbackRoutes);
  await app.register(adminRoutes);
  await app.register(agentRoutes);
  await app.register(deviceRoutes);
  await app.register(deviceTokenRoutes);
  await app.register(installationRoutes);
  await app.register(deviceInventoryRoutes);
  await app.register(listStatusRoutes);
  await app.register(removalCheckRoutes);
  await app.register(deviceSearchRoutes);
  await app.register(historyRoutes);
  await app.register(monitoringRoutes);
  await app.register(notificationRoutes);
  await app.register(updatePolicyRoutes);
  await app.register(listSyncRoutes);
  await app.register(deviceGroupRoutes);
  await app.register(generationRoutes);
  await app.register(webhookRoutes);
  await app.register(realtimeRoutes);
  await app.register(clientRoutes);
  await app.register(debugRoutes, { routes });
}
