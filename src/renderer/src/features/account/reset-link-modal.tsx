import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';

import { resetPasswordRequestSchema, type ResetPasswordRequest } from '@shared/api/auth';
import { emailSchema } from '@shared/api/common';
import { TIMING } from '@shared/constants';

import { useSendResetLinkMutation } from '../../api/account';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';

interface ResetLinkModalProps {
  opened: boolean;
  defaultEmail: string;
  onClose: () => void;
}

/** The reset link from settings: the address must be present (the product's wording). */
const resetLinkSchema = resetPasswordRequestSchema.extend({
  email: z.string().trim().min(1, 'Email address is required').pipe(emailSchema),
});

/** "Send Password Reset Link"; closes 2000 ms after a success. */
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
  // Named: the settings form behind the modal has an email field too.
  const form = useForm({ name: 'reset-link', initialValues: { email: defaultEmail }, ...schemaForm(resetLinkSchema) });
  const [sent, setSent] = useState(false);
  const closeTimer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
    },
    [],
  );

  async function send(request: ResetPasswordRequest) {
    try {
      await sendResetLink(request).unwrap();
      notify.success('Password reset link sent to your email');
      setSent(true);
      closeTimer.current = window.setTimeout(onClose, TIMING.resetLinkModalCloseMs);
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error('Failed to send reset link');
    }
  }

  return (
    <form onSubmit={(event) => form.onSubmit(send)(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">We will email a link to choose a new password. It works for one hour.</Text>
        <TextInput label="Email" type="email" autoComplete="email" required data-autofocus {...form.getInputProps('email')} />
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
