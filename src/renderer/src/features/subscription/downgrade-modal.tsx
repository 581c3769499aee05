import { Button, Group, Modal, Stack, Text } from '@mantine/core';

import type { Plan } from '@shared/plans';

import { formatPlanDate } from './plan-state';

interface DowngradeModalProps {
  current: Plan;
  /** The lower plan chosen; null keeps the modal closed. */
  target: Plan | null;
  validUntil: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Confirm Plan Downgrade" says the features remain until the end of the billing period. */
export function DowngradeModal({ current, target, validUntil, busy, onConfirm, onClose }: DowngradeModalProps) {
  const until = formatPlanDate(validUntil);
  return (
    <Modal opened={target !== null} onClose={onClose} title="Confirm Plan Downgrade" size="lg" centered>
      {target ? (
        <Stack gap="md">
          <Text size="sm">
            Downgrade from {current.displayName} to {target.displayName}? You keep your {current.displayName} features until the end of the
            billing period{until ? ` (${until})` : ''};{' '}
            {target.id === 'free'
              ? `then your plan becomes ${target.displayName}.`
              : `then pay for ${target.displayName} to continue with it (the Free plan applies until you do).`}
          </Text>
          <Text size="sm" c="dimmed">
            Nothing is deleted: lists and devices beyond the {target.displayName} limits become read-only until you trim them.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Keep {current.displayName}
            </Button>
            <Button color="red" onClick={onConfirm} loading={busy}>
              Confirm Downgrade
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
