import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarDown } from '@tabler/icons-react';

import type { Plan } from '@shared/plans';

import { formatPlanDate } from './plan-state';

interface DowngradeBarProps {
  current: Plan;
  pending: Plan;
  validUntil: string | null;
  busy: boolean;
  onCancel: () => void;
}

/** The notification bar of a scheduled downgrade, with Cancel Downgrade. */
export function DowngradeBar({ current, pending, validUntil, busy, onCancel }: DowngradeBarProps) {
  const until = formatPlanDate(validUntil);
  return (
    <Alert color="orange" variant="light" title="Downgrade scheduled" icon={<IconCalendarDown size={18} aria-hidden />} mb="lg">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {pending.id === 'free'
            ? `Your plan changes to ${pending.displayName} ${until ? `on ${until}` : 'at the end of the billing period'}.`
            : `${current.displayName} ends ${until ? `on ${until}` : 'at the end of the billing period'}; then pay for ${pending.displayName} to continue with it.`}{' '}
          Until then you keep everything in {current.displayName}.
        </Text>
        <Button size="xs" variant="outline" color="orange" onClick={onCancel} loading={busy}>
          Cancel Downgrade
        </Button>
      </Group>
    </Alert>
  );
}
