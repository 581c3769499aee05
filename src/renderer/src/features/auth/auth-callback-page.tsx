import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { peekStoredNonce, takeStoredNonce, useGoogleSignIn } from './google-sign-in';

type Callback = { idToken: string; error: null } | { idToken: null; error: string };

/** Reads what the provider's redirect put in the URL fragment (#id_token=…&state=…). */
function readCallback(hash: string, nonce: string | null): Callback {
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const idToken = fragment.get('id_token');
  const state = fragment.get('state');
  if (fragment.get('error') || !idToken) return { idToken: null, error: 'Sign-in was cancelled or did not complete.' };
  // The state we sent must come back: anything else may be a forged response.
  if (state !== null && nonce !== null && state !== nonce) {
    return { idToken: null, error: 'This sign-in response could not be verified. Please try again.' };
  }
  return { idToken, error: null };
}

/** /auth/:provider/callback: the return point of the provider's redirect flow. */
export function AuthCallbackPage() {
  const { hash } = useLocation();
  const { completeWithIdToken } = useGoogleSignIn();
  const [callback] = useState(() => readCallback(hash, peekStoredNonce()));
  const [failed, setFailed] = useState<string | null>(callback.error);
  // StrictMode runs effects twice in development; the token must be sent only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const nonce = takeStoredNonce();
    // Drop the token from the address bar and history straight away.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!callback.idToken) return;
    void completeWithIdToken(callback.idToken, nonce).then((ok) => {
      if (!ok) setFailed('We could not sign you in with Google.');
    });
    // Runs once, for the fragment the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Center py={96}>
      {failed ? (
        <Stack align="center" gap="sm">
          <Text fw={600}>{failed}</Text>
          <Anchor component={Link} to="/sign-in">
            Back to Sign In
          </Anchor>
        </Stack>
      ) : (
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <Loader />
          <Text>Signing you in…</Text>
        </Stack>
      )}
    </Center>
  );
}
