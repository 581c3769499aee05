import { Container } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

/** /admin-console: SPEC §2 shows only the heading; the admin tools come later (DESIGN §5). */
export function AdminConsolePage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader title="Admin Console" />
    </Container>
  );
}
