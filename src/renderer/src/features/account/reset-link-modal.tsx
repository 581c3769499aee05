import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { TIMING } from '@shared/constants';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { notify } from '../../lib/notify';
import { useSendResetLinkMutation } from './account-api';

interface ResetLinkModalProps {
  opened: boolean;
  defaultEmail: string;
  onClose: () => void;
}

/** "Send Password Reset Link" of SPEC §2; closes 2000 ms after a success. */
export function ResetLinkModal({ opened, defaultEmail, onClose }: ResetLinkModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send Password Reset Link" centered>
      {/* The modal unmounts its content when closed, so every opening starts afresh. */}
      <ResetLinkForm defaultEmail={defaultEmail} onClose={onClose} />
    </Modal>
  );
}

function ResetLinkForm({ defaultEmail, onClose }: Omit<ResetLinkModalProps, 'opened'>) {
  const [sendResetLink, { isLoading }] = useSendResetLinkMutation();
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const closeTimer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
    },
    [],
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setError('Email address is required');
      return;
    }
    setError(null);
    try {
      await sendResetLink({ email: email.trim() }).unwrap();
      notify.success('Password reset link sent to your email');
      setSent(true);
      closeTimer.current = window.setTimeout(onClose, TIMING.resetLinkModalCloseMs);
    } catch {
      notify.error('Failed to send reset link');
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">We will email a link to choose a new password. It works for one hour.</Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading} disabled={sent}>
            {sent ? 'Link sent' : 'Send Reset Link'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
