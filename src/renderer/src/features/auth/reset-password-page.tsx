import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { errorDetail, errorMessage } from '../../lib/api-errors';
import { newPasswordProblem } from '../../lib/new-password';
import { useResetPasswordMutation } from './auth-api';

/** /reset-password?token=…: the page the mailed reset link opens (DESIGN §5). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [done, setDone] = useState(false);
  /** A problem with the link itself: the way out is a new link. */
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmInput = useRef<HTMLInputElement>(null);

  function showPasswordError(message: string) {
    setPasswordError(message);
    passwordInput.current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    setError(null);
    setPasswordError(null);
    setConfirmError(null);
    // The link does not say whose account it is: the server checks names and address.
    const problem = newPasswordProblem(newPassword);
    if (problem) {
      showPasswordError(problem);
      return;
    }
    if (newPassword !== confirmPassword) {
      setConfirmError('Passwords do not match');
      confirmInput.current?.focus();
      return;
    }
    try {
      await resetPassword({ token, newPassword }).unwrap();
      setDone(true);
    } catch (failure) {
      const verdict = errorDetail(failure, 'newPassword');
      if (verdict) showPasswordError(verdict);
      else setError(errorMessage(failure, 'This reset link is invalid or has expired. Please request a new one.'));
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
              ref={passwordInput}
              label="New password"
              description="At least 8 characters, not your name or email address"
              autoComplete="new-password"
              required
              error={passwordError}
              // Mantine marks only TextInput invalid for assistive technology, not PasswordInput.
              aria-invalid={passwordError ? true : undefined}
              value={newPassword}
              onChange={(event) => {
                setNewPassword(event.currentTarget.value);
                setPasswordError(null);
              }}
            />
            <PasswordInput
              ref={confirmInput}
              label="Confirm password"
              autoComplete="new-password"
              required
              error={confirmError}
              aria-invalid={confirmError ? true : undefined}
              value={confirmPassword}
              onChange={(event) => {
                setConfirmPassword(event.currentTarget.value);
                setConfirmError(null);
              }}
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
