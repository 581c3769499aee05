import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';

import { resetPasswordSchema } from '@shared/api/auth';

import { useResetPasswordMutation } from '../../api/auth';
import { AuthCard } from '../../components/auth-card';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { schemaForm } from '../../lib/schema-form';

/** The new password twice; the link does not say whose account it is, so the server checks names and address. */
const newPasswordFormSchema = resetPasswordSchema
  .pick({ newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine(({ newPassword, confirmPassword }) => newPassword === confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

/** /reset-password?token=…: the page the mailed reset link opens. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const form = useForm({ initialValues: { newPassword: '', confirmPassword: '' }, ...schemaForm(newPasswordFormSchema) });
  const [done, setDone] = useState(false);
  /** A problem with the link itself: the way out is a new link. */
  const [error, setError] = useState<string | null>(null);

  async function reset({ newPassword }: { newPassword: string }) {
    if (!token) return;
    setError(null);
    try {
      await resetPassword({ token, newPassword }).unwrap();
      setDone(true);
    } catch (failure) {
      if (!applyServerErrors(form, failure))
        setError(errorMessage(failure, 'This reset link is invalid or has expired. Please request a new one.'));
    }
  }

  if (!token) {
    return (
      <AuthCard title="Choose a New Password">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            This reset link is incomplete. Please request a new one.
          </Alert>
          <Button component={Link} to="/password-reset" fullWidth>
            Request a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a New Password">
      {done ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            Your password has been reset. You can now sign in with your new password.
          </Alert>
          <Button component={Link} to="/sign-in" fullWidth>
            Sign In
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(reset, (errors) => focusFirstError(form, errors))} noValidate>
          <Stack gap="md">
            {error ? (
              <Alert color="red" variant="light" role="alert">
                {error}
                <Anchor component={Link} to="/password-reset" size="sm" display="block" mt={4}>
                  Request a new link
                </Anchor>
              </Alert>
            ) : null}
            <PasswordInput
              label="New password"
              description="At least 8 characters, not your name or email address"
              autoComplete="new-password"
              required
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput label="Confirm password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
            <Button type="submit" fullWidth loading={isLoading}>
              Reset Password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
