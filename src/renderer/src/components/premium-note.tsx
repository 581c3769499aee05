import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** What a Premium feature does, for an account without it, and where to get it. */
export function PremiumNote({ children }: { children: ReactNode }) {
  return (
    <Stack gap="xs" mt="xs" align="flex-start">
      <Text size="sm">{children}</Text>
      <Anchor component={Link} to="/pricing-page" size="sm">
        See plans and upgrade
      </Anchor>
    </Stack>
  );
}
