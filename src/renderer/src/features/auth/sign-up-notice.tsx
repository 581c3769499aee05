import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

import type { SignUpNotice as Notice } from './use-sign-up';

interface SignUpNoticeProps {
  notice: Notice;
  /** The sign-in page's ?redirect=, kept so that signing in from here still lands there. */
  redirect: string | null;
  onBack: () => void;
}

function link(path: string, query: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return `${path}?${params.toString()}`;
}

/**
 * What a sign-up whose password did not sign in shows. The words are those every sign-up
 * gets, so they say nothing about whether the address was registered; the second line serves
 * the owner who forgot they had an account.
 */
export function SignUpNotice({ notice, redirect, onBack }: SignUpNoticeProps) {
  const heading = useRef<HTMLDivElement>(null);
  // The form (and its focused button) is gone: move keyboard and screen-reader focus here.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Stack gap="md">
      <Alert ref={heading} tabIndex={-1} role="status" color="blue" variant="light" icon={<IconMailCheck size={20} aria-hidden />}>
        <Text fw={600}>{notice.message}</Text>
        <Text size="sm" mt="xs">
          If you already have an account with this address, you can{' '}
          <Anchor component={Link} to={link('/sign-in', { email: notice.email, redirect })} inherit>
            sign in
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to={link('/password-reset', { email: notice.email })} inherit>
            reset your password
          </Anchor>
          .
        </Text>
      </Alert>
      {notice.problem ? (
        <Alert color="red" variant="light" role="alert">
          {notice.problem}
        </Alert>
      ) : null}
      <Button variant="default" onClick={onBack}>
        Change my details
      </Button>
    </Stack>
  );
}
