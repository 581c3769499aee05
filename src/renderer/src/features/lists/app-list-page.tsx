import { Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/hooks';

/** /app-list, "Your Lists". Creating and installing lists is not part of this build. */
export function AppListPage() {
  const user = useCurrentUser();
  return (
    <Container size="lg" py="xl">
      <PageHeader title="Your Lists" description={user ? `Signed in as ${user.email}` : undefined} />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Text>
            This version of Loadout covers your account: signing in, settings and plans. Creating app lists and
            installing them onto your machines is not available in it yet.
          </Text>
          <Group gap="sm">
            <Button component={Link} to="/settings" variant="light">
              Account Settings
            </Button>
            <Button component={Link} to="/pricing-page" variant="default">
              View plans
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
