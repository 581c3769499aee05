import { Alert, Input, Loader, Paper, useComputedColorScheme } from '@mantine/core';
import type { StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';

import type { ConfirmCard } from './card-confirm';

interface StripeCardFieldProps {
  publishableKey: string;
  /** Called once the card field is mounted, with the way to confirm a payment with it. */
  onReady: (confirm: ConfirmCard) => void;
  /** Stripe.js could not load or start: the page says 'Payment system initialization failed'. */
  onFailed: () => void;
}

/** Stripe Elements' card field; @stripe/stripe-js (and Stripe's script) load only here. */
export function StripeCardField({ publishableKey, onReady, onFailed }: StripeCardFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [cardError, setCardError] = useState<string | null>(null);
  const dark = useComputedColorScheme('light') === 'dark';

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(publishableKey);
        if (cancelled) return;
        if (!stripe || !host.current) throw new Error('Stripe.js did not start');
        const created = stripe.elements().create('card', {
          style: { base: { fontSize: '16px', color: dark ? '#e9ecef' : '#212529', '::placeholder': { color: '#868e96' } } },
        });
        card = created;
        created.mount(host.current);
        created.on('change', (event) => setCardError(event.error?.message ?? null));
        setState('ready');
        onReady(async (clientSecret, billingEmail) => {
          const result = await stripe.confirmCardPayment(clientSecret, {
            payment_method: { card: created, billing_details: { email: billingEmail } },
          });
          // An intent paid already (the answer to an earlier confirm was lost): it is paid, go on to verify.
          const paid = result.error?.payment_intent;
          if (paid?.status === 'succeeded') return { paymentIntent: { id: paid.id, status: paid.status } };
          if (result.error) return { error: { message: result.error.message ?? 'Your card could not be charged.' } };
          return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
        });
      } catch {
        if (cancelled) return;
        setState('failed');
        onFailed();
      }
    })();
    return () => {
      cancelled = true;
      card?.destroy();
    };
    // The field is built once per key; colour scheme changes while paying are not worth a remount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishableKey]);

  if (state === 'failed') return <Alert color="red">Payment system initialization failed</Alert>;
  return (
    <Input.Wrapper label="Card information" error={cardError}>
      <Paper withBorder radius="sm" px="sm" py={10} mt={4} pos="relative">
        {state === 'loading' ? <Loader size="xs" role="status" aria-label="Loading the card field" /> : null}
        <div ref={host} data-testid="stripe-card" />
      </Paper>
    </Input.Wrapper>
  );
}
