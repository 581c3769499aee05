import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { errorMessage } from '../../lib/api-errors';
import { useRequestPasswordResetMutation } from './auth-api';

/**
 * /password-reset: asks for the address the reset link goes to (DESIGN §5). ?email= prefills
 * it, for the links in mails and on the sign-up and undo-email-change screens.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setError('Email address is required');
      return;
    }
    setError(null);
    try {
      await requestReset({ email: email.trim() }).unwrap();
      setSent(true);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to send reset link'));
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
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            {error ? (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            ) : null}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
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
