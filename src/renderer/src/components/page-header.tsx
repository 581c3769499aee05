import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Every screen opens with one h1; e2e tests and screen readers find it by role. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={30}>
        {title}
      </Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
  );
}
