import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';

export type ChallengeResult = 'complete' | 'fail';

/**
 * The sandbox's 3-D Secure challenge, as Stripe's test page shows it for a card that requires
 * authentication: the bank's page in a dialog, answered with Complete or Fail. Closing the
 * dialog fails the authentication, as closing Stripe's does.
 */
export function useSandboxChallenge(amount: string): { challenge: () => Promise<ChallengeResult>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const answer = useRef<((result: ChallengeResult) => void) | null>(null);

  const challenge = useCallback(
    () =>
      new Promise<ChallengeResult>((resolve) => {
        answer.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = (result: ChallengeResult) => {
    setOpen(false);
    answer.current?.(result);
    answer.current = null;
  };

  const dialog = (
    <Modal
      opened={open}
      onClose={() => finish('fail')}
      title="Authenticate this payment"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Group gap="xs">
          <IconShieldLock size={20} aria-hidden />
          <Text fw={600}>3-D Secure</Text>
          <Badge color="orange" variant="light">
            Test mode
          </Badge>
        </Group>
        <Text size="sm">
          Your card's bank asks you to confirm this payment of {amount} to Loadout. In test mode no bank is asked: complete or fail the
          authentication to see what happens.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => finish('fail')}>
            Fail authentication
          </Button>
          <Button onClick={() => finish('complete')}>Complete authentication</Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { challenge, dialog };
}
