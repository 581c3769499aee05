import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import type { CreatePaymentIntentResponse } from '@shared/api/payment';
import type { Plan } from '@shared/plans';

import { errorCode, errorMessage } from '../../lib/api-errors';
import { useCurrentUser } from '../../lib/hooks';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { notify } from '../../lib/notify';
import type { ConfirmCard } from './card-confirm';
import { useCreatePaymentIntentMutation, useLazyGetSubscriptionStatusQuery, useVerifyPaymentMutation } from './subscription-api';

/** SPEC §7 sends the plan in its underscore form (annual_premium). */
const wirePlan = (plan: Plan) => plan.id.replace(/-/g, '_');

type Init = { state: 'loading' } | { state: 'ready'; intent: CreatePaymentIntentResponse } | { state: 'failed'; reason: string };

/** SPEC §4 "Payment flow": create the intent, confirm the card, verify, refresh the plan, go back to pricing. */
export function usePaymentFlow(plan: Plan) {
  const navigate = useNavigate();
  const email = useCurrentUser()?.email ?? '';
  const [createIntent] = useCreatePaymentIntentMutation();
  const [verify] = useVerifyPaymentMutation();
  const [refreshPlan] = useLazyGetSubscriptionStatusQuery();
  const [init, setInit] = useState<Init>({ state: 'loading' });
  // One key per page visit (and per retry): React's double effect in development gets the same intent back.
  const [initKey, setInitKey] = useState(() => newIdempotencyKey('payment'));
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A declined or unfinished intent is not confirmed again: the next try gets a fresh one.
  const stale = useRef(false);

  const requestIntent = useCallback(
    (idempotencyKey: string) => createIntent({ plan: wirePlan(plan), amount: plan.priceCents, idempotencyKey }).unwrap(),
    [createIntent, plan],
  );

  useEffect(() => {
    let cancelled = false;
    requestIntent(initKey)
      .then((intent) => {
        if (!cancelled) setInit({ state: 'ready', intent });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        notify.error('Payment system initialization failed');
        const reason =
          errorCode(error) === 'INVALID_RESPONSE' ? 'The payment service sent an invalid payment intent.' : errorMessage(error, '');
        setInit({ state: 'failed', reason });
      });
    return () => {
      cancelled = true;
    };
  }, [requestIntent, initKey]);

  const pay = useCallback(
    async (confirm: ConfirmCard) => {
      if (init.state !== 'ready' || paying) return;
      setPaying(true);
      setFailure(null);
      try {
        let intent = init.intent;
        if (stale.current) {
          intent = await requestIntent(newIdempotencyKey('payment'));
          setInit({ state: 'ready', intent });
          stale.current = false;
        }
        const result = await confirm(intent.clientSecret, email);
        if ('error' in result) {
          stale.current = true;
          setFailure(`Payment failed: ${result.error.message}`);
          return;
        }
        if (result.paymentIntent.status !== 'succeeded') {
          stale.current = true;
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
        notify.success(`Payment successful! You are now on ${plan.displayName}.`);
        void navigate('/pricing-page?payment_success=true');
      } catch (error) {
        stale.current = true;
        setFailure(`Payment failed: ${errorMessage(error, 'the payment could not be sent. Please try again.')}`);
      } finally {
        setPaying(false);
      }
    },
    [init, paying, requestIntent, email, verify, plan, refreshPlan, navigate],
  );

  return {
    init,
    paying,
    failure,
    pay,
    retryInit: () => {
      setInit({ state: 'loading' });
      setInitKey(newIdempotencyKey('payment'));
    },
    email,
  };
}
