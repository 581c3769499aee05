import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { useVerifyEmailMutation } from '../../api/auth';
import { AuthCard } from '../../components/auth-card';
import { errorMessage } from '../../lib/api-errors';
import { useIsAuthenticated } from '../../lib/hooks';
import { readUser, saveUser } from '../../lib/session';

type Outcome = { state: 'pending' } | { state: 'verified'; already: boolean; email: string } | { state: 'failed'; message: string };

/** /verify-email?token=…: the page the mailed verification link opens. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const authenticated = useIsAuthenticated();
  const [verifyEmail] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'pending' } : { state: 'failed', message: 'This verification link is incomplete.' },
  );
  // A token can be used once: StrictMode's second effect run must not spend it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail({ token })
      .unwrap()
      .then((result) => {
        const user = readUser();
        if (user) saveUser({ ...user, isEmailVerified: true });
        setOutcome({ state: 'verified', already: result.alreadyVerified, email: result.email });
      })
      .catch((failure: unknown) => {
        setOutcome({ state: 'failed', message: errorMessage(failure, 'This verification link is invalid or has expired.') });
      });
  }, [token, verifyEmail]);

  const next = authenticated ? { to: '/app-list', label: 'Continue to Loadout' } : { to: '/sign-in', label: 'Sign In' };

  return (
    <AuthCard title="Email Verification">
      {outcome.state === 'pending' ? (
        <Center py="lg" role="status" aria-live="polite">
          <Stack align="center" gap="sm">
            <Loader />
            <Text>Verifying your email…</Text>
          </Stack>
        </Center>
      ) : (
        <Stack gap="md">
          {outcome.state === 'verified' ? (
            <Alert color="green" variant="light" role="status">
              {outcome.already ? `${outcome.email} is already verified. Nothing more to do.` : 'Your email is verified.'}
            </Alert>
          ) : (
            <Alert color="red" variant="light" role="alert">
              {outcome.message}
              {authenticated ? (
                <Text size="sm" mt={4}>
                  You can send a new link from Account Settings.
                </Text>
              ) : null}
            </Alert>
          )}
          <Button component={Link} to={outcome.state === 'failed' && authenticated ? '/settings' : next.to} fullWidth>
            {outcome.state === 'failed' && authenticated ? 'Go to Account Settings' : next.label}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
