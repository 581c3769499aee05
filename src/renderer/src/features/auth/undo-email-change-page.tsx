import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { useUndoEmailChangeMutation } from '../../api/auth';
import { AuthCard } from '../../components/auth-card';
import { errorMessage } from '../../lib/api-errors';
import { useIsAuthenticated } from '../../lib/hooks';
import { clearSession, readRefreshToken, readToken, readUser, saveSession } from '../../lib/session';

type Outcome = { state: 'pending' } | { state: 'undone'; email: string } | { state: 'failed'; message: string };

/**
 * /undo-email-change?token=…: the link mailed to the old address after an e-mail change. It
 * works signed in or not; the server puts the old address back, signs out every session and
 * clears the password, so whoever changed it is out and the owner chooses a new password.
 */
export function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const authenticated = useIsAuthenticated();
  const [undoEmailChange] = useUndoEmailChangeMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'pending' } : { state: 'failed', message: 'This link is incomplete. Open it again from the email we sent you.' },
  );
  // A token can be used once: StrictMode's second effect run must not spend it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    // The server is about to end every session, this browser's too. Forget it before asking:
    // a background call that meets the 401 first would otherwise take the client's
    // forced-logout path off this page. The page is outside RequireAuth, so it stays; a
    // refused link gives the session back.
    const [access, refresh, user] = [readToken(), readRefreshToken(), readUser()];
    if (access) clearSession();
    undoEmailChange({ token })
      .unwrap()
      .then(({ email }) => setOutcome({ state: 'undone', email }))
      .catch((failure: unknown) => {
        if (access && refresh && user) saveSession({ token: access, refreshToken: refresh, user });
        setOutcome({ state: 'failed', message: errorMessage(failure, 'This link is invalid or has expired.') });
      });
  }, [token, undoEmailChange]);

  return (
    <AuthCard title="Undo Email Change">
      {outcome.state === 'pending' ? (
        <Center py="lg" role="status" aria-live="polite">
          <Stack align="center" gap="sm">
            <Loader />
            <Text>Restoring your email address…</Text>
          </Stack>
        </Center>
      ) : outcome.state === 'undone' ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            Your email address is back to {outcome.email}. Every session was signed out and the password cleared: choose a new one to sign
            in.
          </Alert>
          <Button component={Link} to={`/password-reset?${new URLSearchParams({ email: outcome.email }).toString()}`} fullWidth>
            Choose a New Password
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {outcome.message}
          </Alert>
          <Button component={Link} to={authenticated ? '/app-list' : '/sign-in'} variant="default" fullWidth>
            {authenticated ? 'Continue to Loadout' : 'Sign In'}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
