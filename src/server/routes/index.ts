import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.routes';
import { subscriptionRoutes } from './subscription.routes';

/** Every route module of the API, registered in one place. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(subscriptionRoutes);
}
