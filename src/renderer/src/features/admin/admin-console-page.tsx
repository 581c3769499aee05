import { Container, Stack } from '@mantine/core';

import { PageHeader } from '../../components/page-header';
import { CatalogueSyncs } from './catalogue-syncs';
import { FeedbackInbox } from './feedback-inbox';
import { StatsGrid } from './stats-grid';
import { UsersTable } from './users-table';

/** /admin-console: catalogue and account counts, users and their admin flag, the catalogue's syncs, feedback. */
export function AdminConsolePage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader title="Admin Console" />
      <Stack gap="lg">
        <StatsGrid />
        <UsersTable />
        <CatalogueSyncs />
        <FeedbackInbox />
      </Stack>
    </Container>
  );
}
