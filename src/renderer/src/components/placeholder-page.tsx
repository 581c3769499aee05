import { Container, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { PageHeader } from './page-header';

/** A screen whose content belongs to a later part of Loadout: its heading and a plain note. */
export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <PageHeader title={title} />
      <Paper withBorder p="lg" radius="md">
        <Text>{children}</Text>
      </Paper>
    </Container>
  );
}
