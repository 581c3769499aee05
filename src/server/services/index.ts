import type { AppContext } from '../context';
import type { RateLimiter } from '../security/rate-limiter';
import { SubscriptionService } from './subscription.service';

/** Every service of one app instance. Services hold the rules and import no Fastify. */
export interface Services {
  subscription: SubscriptionService;
}

export function createServices(ctx: AppContext, _rateLimiter: RateLimiter): Services {
  return {
    subscription: new SubscriptionService(ctx),
  };
}
