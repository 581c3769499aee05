import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';

import { resetPasswordRequestSchema, type ResetPasswordRequest } from '@shared/api/auth';
import { emailSchema } from '@shared/api/common';

import { useRequestPasswordResetMutation } from '../../api/auth';
import { AuthCard } from '../../components/auth-card';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors } from '../../lib/form-errors';
import { schemaForm } from '../../lib/schema-form';

/** The product's words for a missing address. */
const resetRequestSchema = resetPasswordRequestSchema.extend({
  email: z.string().trim().min(1, 'Email address is required').pipe(emailSchema),
});

/**
 * /password-reset: asks for the address the reset link goes to. ?email= prefills
 * it, for the links in mails and on the sign-up and undo-email-change screens.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const form = useForm({ initialValues: { email: params.get('email') ?? '' }, ...schemaForm(resetRequestSchema) });
  const [sent, setSent] = useState(false);

  async function send(request: ResetPasswordRequest) {
    try {
      await requestReset(request).unwrap();
      setSent(true);
    } catch (failure) {
      // The form has one field: whatever went wrong is about it, and heads the form.
      if (!applyServerErrors(form, failure)) form.setFieldError('email', errorMessage(failure, 'Failed to send reset link'));
    }
  }

  return (
    <AuthCard title="Reset Your Password" subtitle="We will email you a link to choose a new password">
      {sent ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            If an account exists for that address, we sent a link to reset your password.
          </Alert>
          <Text size="sm" c="dimmed">
            The link works for one hour. Check your spam folder if it does not arrive.
          </Text>
          <Anchor component={Link} to="/sign-in" ta="center">
            Back to Sign In
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(send)} noValidate>
          <Stack gap="md">
            {form.errors.email ? (
              <Alert color="red" variant="light" role="alert">
                {form.errors.email}
              </Alert>
            ) : null}
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email', { withError: false })} />
            <Button type="submit" fullWidth loading={isLoading}>
              Send Reset Link
            </Button>
            <Anchor component={Link} to="/sign-in" size="sm" ta="center">
              Back to Sign In
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
