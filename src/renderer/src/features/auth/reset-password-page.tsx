import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@shared/api/common';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { errorMessage } from '../../lib/api-errors';
import { useResetPasswordMutation } from './auth-api';

/** /reset-password?token=…: the page the mailed reset link opens (DESIGN §5). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      setError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
      return;
    }
    if (newPassword !== confirmPassword) {
      setError('Passwords do not match');
      return;
    }
    setError(null);
    try {
      await resetPassword({ token, newPassword }).unwrap();
      setDone(true);
    } catch (failure) {
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
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
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
              description="At least 8 characters"
              autoComplete="new-password"
              required
              value={newPassword}
              onChange={(event) => setNewPassword(event.currentTarget.value)}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            />
            <Button type="submit" fullWidth loading={isLoading}>
              Reset Password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
