import { Alert, Button, Container, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { getPlan, normalizePlanId, type Plan } from '@shared/plans';

import { configApi } from '../../api/config';
import { useAuthenticateSandboxPaymentMutation, useConfirmSandboxPaymentMutation } from '../../api/subscription';
import { PageHeader } from '../../components/page-header';
import { focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import type { CardConfirmResult, ConfirmCard } from './card-confirm';
import { cardFormSchema, type CardFormValues } from './card-form-schema';
import { SandboxCardFields, type CardFormInput } from './sandbox-card-fields';
import { useSandboxChallenge } from './sandbox-challenge';
import { StripeCardField } from './stripe-card-field';
import { usePaymentFlow } from './use-payment-flow';

const SANDBOX_CARDS =
  '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds; 4000 0027 6000 3184 requires authentication.';

/** "$99.00": what the card is charged, from the plan catalogue. */
const total = (plan: Plan) => `$${(plan.priceCents / 100).toFixed(2)}`;

function Checkout({ plan }: { plan: Plan }) {
  const flow = usePaymentFlow(plan);
  const config = configApi.useGetPublicConfigQuery();
  const [confirmSandbox] = useConfirmSandboxPaymentMutation();
  const [authenticateSandbox] = useAuthenticateSandboxPaymentMutation();
  const { challenge, dialog } = useSandboxChallenge(total(plan));
  const [stripeConfirm, setStripeConfirm] = useState<ConfirmCard | null>(null);
  const form = useForm({
    name: 'card',
    initialValues: { cardNumber: '', expiry: '', cvc: '' } satisfies CardFormInput,
    ...schemaForm(useMemo(() => cardFormSchema(), [])),
  });

  // Which card field to show is known before any intent exists: Stripe's publishable key, or none (the sandbox).
  const ready = config.isSuccess;
  const stripeKey = config.data?.stripePublishableKey ?? null;
  const title = plan.id === 'annual-premium' ? 'Annual Premium Plan' : 'Monthly Premium Plan';

  // Like Stripe.js's confirmCardPayment: a card that asks for 3-D Secure shows the challenge before the answer.
  const paySandbox = (card: CardFormValues) =>
    flow.pay(async (clientSecret, billingEmail): Promise<CardConfirmResult> => {
      const result = await confirmSandbox({ clientSecret, billingEmail, ...card }).unwrap();
      // An intent paid already (the answer to an earlier confirm was lost): it is paid, go on to verify.
      if (result.paymentIntent?.status === 'succeeded') return { paymentIntent: result.paymentIntent };
      if ('error' in result || result.paymentIntent.status !== 'requires_action') return result;
      return authenticateSandbox({ clientSecret, result: await challenge() }).unwrap();
    });
  const submit = stripeKey
    ? (event: React.FormEvent) => {
        event.preventDefault();
        if (stripeConfirm) void flow.pay(stripeConfirm);
      }
    : form.onSubmit(
        (card) => void paySandbox(card),
        (errors) => focusFirstError(form, errors),
      );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate aria-label="Payment">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="lg">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              One payment of {total(plan)} for one {plan.interval} of {plan.displayName}; it does not renew by itself.
            </Text>
          </div>
          <Text fw={700}>
            {total(plan)}/{plan.interval}
          </Text>
        </Group>
        <Divider />
        {config.isLoading ? <Loader size="sm" role="status" aria-label="Preparing the payment" /> : null}
        {config.isError ? (
          <Alert color="red" variant="light" title="Payment system initialization failed" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Button size="xs" variant="light" color="red" onClick={() => void config.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {ready && stripeKey ? (
          <StripeCardField
            publishableKey={stripeKey}
            onReady={(confirm) => setStripeConfirm(() => confirm)}
            onFailed={() => notify.error('Payment system initialization failed')}
          />
        ) : null}
        {ready && !stripeKey ? (
          <>
            <SandboxCardFields form={form} disabled={flow.paying} />
            <Text size="xs" c="dimmed">
              Test mode: no real card is charged. {SANDBOX_CARDS}
            </Text>
          </>
        ) : null}
        {flow.failure ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            {flow.failure}
          </Alert>
        ) : null}
        <Divider />
        <Group justify="space-between">
          <Text fw={600}>Total</Text>
          <Text fw={700} fz="lg" data-testid="payment-total">
            {total(plan)}
          </Text>
        </Group>
        <Button
          type="submit"
          size="md"
          leftSection={<IconLock size={16} aria-hidden />}
          loading={flow.paying}
          disabled={!ready || (Boolean(stripeKey) && !stripeConfirm)}
        >
          Complete Purchase
        </Button>
        {flow.email ? (
          <Text size="xs" c="dimmed" ta="center">
            The receipt goes to {flow.email}.
          </Text>
        ) : null}
      </Stack>
      {dialog}
    </Paper>
  );
}

/** /payment-page?plan=…, "Complete Your Purchase". */
export function PaymentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const planId = normalizePlanId(params.get('plan'));
  const missing = planId === null || planId === 'free';

  // A plan query is required (the payment flow's /pricing is this app's /pricing-page).
  useEffect(() => {
    if (missing) {
      notify.error('No plan selected');
      void navigate('/pricing-page', { replace: true });
    }
  }, [missing, navigate]);

  if (missing) return null;
  return (
    <Container size="sm" py="xl">
      <PageHeader title="Complete Your Purchase" />
      <Checkout key={planId} plan={getPlan(planId)} />
    </Container>
  );
}
