import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { DEVICE_MANAGEMENT_FEATURE, formatPrice, type Plan } from '@shared/plans';

import type { PlanAction } from './plan-state';

interface PlanCardProps {
  plan: Plan;
  header: string;
  highlighted: boolean;
  action: PlanAction;
  /** Opens the downgrade confirmation for this plan. */
  onDowngrade?: () => void;
  onCancelDowngrade?: () => void;
  /** A change of plan is being sent: its button spins, the others wait. */
  busy?: boolean;
}

function ActionButton({ action, onDowngrade, onCancelDowngrade, busy = false }: Omit<PlanCardProps, 'plan' | 'header' | 'highlighted'>) {
  switch (action.kind) {
    case 'current':
      return (
        <Button fullWidth variant="light" disabled>
          Current Plan
        </Button>
      );
    case 'upgrade':
      return (
        <Button fullWidth component={Link} to={action.to}>
          Upgrade
        </Button>
      );
    case 'downgrade':
      return (
        <Button fullWidth variant="default" onClick={onDowngrade} disabled={busy}>
          Downgrade
        </Button>
      );
    case 'cancel-downgrade':
      return (
        <Button fullWidth variant="outline" onClick={onCancelDowngrade} loading={busy}>
          Cancel Downgrade
        </Button>
      );
    case 'contact-support':
      return (
        <Button fullWidth variant="default" disabled>
          Contact Support
        </Button>
      );
    case 'sign-up':
      return (
        <Button fullWidth variant="default" component={Link} to="/sign-up">
          Sign Up
        </Button>
      );
  }
}

/** One card of the pricing page; its header is Current Plan, Next Plan or the plan's badge. */
export function PlanCard({ plan, header, highlighted, ...actionProps }: PlanCardProps) {
  const [amount, interval] = formatPrice(plan).split('/');
  return (
    <Card
      withBorder
      radius="md"
      padding="xl"
      shadow={highlighted ? 'md' : 'xs'}
      component="article"
      aria-label={`${plan.displayName} plan`}
      style={highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Stack gap={8} align="flex-start">
          <Badge variant={highlighted ? 'filled' : 'light'} color={header === 'Next Plan' ? 'orange' : undefined}>
            {header}
          </Badge>
          <Title order={2} fz="xl">
            {plan.displayName}
          </Title>
        </Stack>
        <Group gap={4} align="baseline">
          <Text fz={36} fw={800} lh={1}>
            {amount}
          </Text>
          <Text c="dimmed">/{interval}</Text>
        </Group>
        <List
          spacing="xs"
          size="sm"
          style={{ flexGrow: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>
              {feature}
              {feature.endsWith('monitoring') ? (
                <Text size="xs" c="dimmed">
                  {plan.monitoring}
                </Text>
              ) : null}
              {feature === DEVICE_MANAGEMENT_FEATURE && plan.deviceManagement ? (
                <Text size="xs" c="dimmed">
                  {plan.deviceManagement}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        <ActionButton {...actionProps} />
      </Stack>
    </Card>
  );
}
