import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { formatPrice, type Plan } from '@shared/plans';

export type PlanAction = { kind: 'current' } | { kind: 'upgrade'; to: string } | { kind: 'downgrade' } | { kind: 'sign-up' };

interface PlanCardProps {
  plan: Plan;
  header: string;
  highlighted: boolean;
  action: PlanAction;
}

function ActionButton({ action }: { action: PlanAction }) {
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
      // Scheduling a downgrade arrives in a later release; until then the option shows, disabled.
      return (
        <Button fullWidth variant="default" disabled>
          Downgrade
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

/** One card of SPEC §2 "Pricing page"; its header is Current Plan, Next Plan or the plan's badge. */
export function PlanCard({ plan, header, highlighted, action }: PlanCardProps) {
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
          <Badge variant={highlighted ? 'filled' : 'light'}>{header}</Badge>
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
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <ActionButton action={action} />
      </Stack>
    </Card>
  );
}
