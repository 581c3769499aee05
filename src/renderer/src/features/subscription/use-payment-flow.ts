import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import type { Plan } from '@shared/plans';

import { useCreatePaymentIntentMutation, useLazyGetSubscriptionStatusQuery, useVerifyPaymentMutation } from '../../api/subscription';
import { errorCode, errorMessage } from '../../lib/api-errors';
import { useCurrentUser } from '../../lib/hooks';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import type { ConfirmCard } from './card-confirm';

/** The payment calls send the plan in its underscore form (annual_premium). */
const wirePlan = (plan: Plan) => plan.id.replace(/-/g, '_');

/**
 * The payment flow: create the intent, confirm the card, verify, refresh the plan, go back
 * to pricing. The intent is created when Pay is pressed, not when the page opens: a visit that
 * pays nothing leaves nothing behind. The server answers a press after a decline, a lost answer
 * or an unanswered 3-D Secure challenge with the same unpaid intent, so pressing again never
 * charges twice.
 */
export function usePaymentFlow(plan: Plan) {
  const navigate = useNavigate();
  const email = useCurrentUser()?.email ?? '';
  const [createIntent] = useCreatePaymentIntentMutation();
  const [verify] = useVerifyPaymentMutation();
  const [refreshPlan] = useLazyGetSubscriptionStatusQuery();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const startPayment = useCallback(async () => {
    try {
      return await createIntent({ plan: wirePlan(plan), amount: plan.priceCents, idempotencyKey: newIdempotencyKey('payment') }).unwrap();
    } catch (error) {
      const reason =
        errorCode(error) === 'INVALID_RESPONSE'
          ? 'The payment service sent an invalid payment intent.'
          : errorMessage(error, 'The payment provider could not be reached. Please try again.');
      setFailure(`Payment system initialization failed: ${reason}`);
      return null;
    }
  }, [createIntent, plan]);

  const pay = useCallback(
    async (confirm: ConfirmCard) => {
      if (paying) return;
      setPaying(true);
      setFailure(null);
      try {
        const intent = await startPayment();
        if (!intent) return;
        const result = await confirm(intent.clientSecret, email);
        if ('error' in result) {
          setFailure(`Payment failed: ${result.error.message}`);
          return;
        }
        if (result.paymentIntent.status !== 'succeeded') {
          setFailure(`Payment not completed. Status: ${result.paymentIntent.status}`);
          return;
        }
        const verified = await verify({
          paymentIntentId: result.paymentIntent.id,
          planType: wirePlan(plan),
          idempotencyKey: newIdempotencyKey('verify'),
        })
          .unwrap()
          .catch(() => null);
        if (!verified?.success) {
          setFailure('Verification failed');
          return;
        }
        // The plan is refetched before leaving, so pricing and the navbar show it at once.
        await refreshPlan(undefined, false).catch(() => undefined);
        // One success message: the pricing page's "Payment successful" banner (payment_success), which
        // stays until dismissed and names the new plan; a toast beside it would say the same twice.
        void navigate('/pricing-page?payment_success=true');
      } catch (error) {
        setFailure(`Payment failed: ${errorMessage(error, 'the payment could not be sent. Please try again.')}`);
      } finally {
        setPaying(false);
      }
    },
    [paying, startPayment, email, verify, plan, refreshPlan, navigate],
  );

  return { paying, failure, pay, email };
}
