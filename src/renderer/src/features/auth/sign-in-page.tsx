import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { isSignOutReason, SIGN_OUT_MESSAGES } from '@shared/api/sign-out-reasons';

import { useLoginMutation } from '../../api/auth';
import { AuthCard } from '../../components/auth-card';
import { errorMessage } from '../../lib/api-errors';
import { safeRedirectTarget } from '../../lib/navigation';
import { readPendingVerificationEmail } from '../../lib/pending-verification';
import { saveSession } from '../../lib/session';

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  // No schema here: this is the first route, and zod stays out of its bundle; the server checks the rest.
  const form = useForm({ initialValues: { email: params.get('email') ?? '', password: '' } });
  const [error, setError] = useState<string | null>(null);

  const redirect = params.get('redirect');
  // Why the user was signed out, in the one sentence the server used too; unknown reasons say nothing.
  const reason = params.get('message');
  const signedOutBecause = isSignOutReason(reason) ? SIGN_OUT_MESSAGES[reason] : null;
  const pendingVerification = params.has('pendingVerification');
  const pendingEmail = pendingVerification ? readPendingVerificationEmail() : null;

  async function handleSubmit({ email, password }: typeof form.values) {
    if (!email.trim() || !password) {
      setError('Email and password are required');
      return;
    }
    setError(null);
    try {
      const session = await login({ email: email.trim(), password }).unwrap();
      saveSession(session);
      // GuestOnly reacts to the saved session with the same target, whichever lands first.
      void navigate(safeRedirectTarget(redirect), { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, 'Sign in failed. Please try again.'));
    }
  }

  return (
    <AuthCard title="Sign In" subtitle="Welcome back to Loadout">
      <Stack gap="md">
        {signedOutBecause ? (
          <Alert color="yellow" variant="light" title="Signed out" role="status">
            {signedOutBecause}
          </Alert>
        ) : null}
        {pendingVerification ? (
          <Alert color="blue" variant="light" title="Verify your email">
            Check your inbox to verify your email, then sign in.
            {pendingEmail ? (
              <Text size="sm" mt={4}>
                We sent the link to {pendingEmail}.
              </Text>
            ) : null}
          </Alert>
        ) : null}
        <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
          <Stack gap="md">
            {error ? (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            ) : null}
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
            <Group justify="flex-end">
              <Anchor component={Link} to="/password-reset" size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" fullWidth loading={isLoading}>
              Sign In
            </Button>
          </Stack>
        </form>
        <Text size="sm" ta="center">
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to={redirect ? `/sign-up?${new URLSearchParams({ redirect }).toString()}` : '/sign-up'} fw={600}>
            Sign Up
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
