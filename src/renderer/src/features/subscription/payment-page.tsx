import { Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { formatPrice, getPlan, normalizePlanId } from '@shared/plans';

import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';

/** /payment-page?plan=…, "Complete Your Purchase". Card payment arrives with the billing release. */
export function PaymentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const planId = normalizePlanId(params.get('plan'));

  // SPEC §5 "Payment": a plan query is required.
  useEffect(() => {
    if (planId === null || planId === 'free') {
      notify.error('No plan selected');
      void navigate('/pricing-page', { replace: true });
    }
  }, [planId, navigate]);

  if (planId === null || planId === 'free') return null;
  const plan = getPlan(planId);
  const title = planId === 'annual-premium' ? 'Annual Premium Plan' : 'Monthly Premium Plan';

  return (
    <Container size="sm" py="xl">
      <PageHeader title="Complete Your Purchase" />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={700}>{title}</Text>
            <Text fw={700}>{formatPrice(plan)}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            Card payments are not available in this version of Loadout yet, so nothing will be charged.
          </Text>
          <Group justify="flex-end">
            <Button component={Link} to="/pricing-page" variant="default">
              Back to plans
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
