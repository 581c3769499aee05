export { subscriptionApi, useGetSubscriptionStatusQuery } from '../../lib/subscription-api';
