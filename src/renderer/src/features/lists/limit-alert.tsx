import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import type { LimitProblem } from './plan-limits';

/** Why the server said no, and the way out: the pricing page. */
export function LimitAlert({ problem, onClose }: { problem: LimitProblem; onClose?: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Plan limit reached"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="alert"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{problem.message}</Text>
        <Button component={Link} to="/pricing-page" size="xs">
          Upgrade
        </Button>
      </Group>
    </Alert>
  );
}
