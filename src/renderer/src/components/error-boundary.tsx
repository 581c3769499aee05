import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface ErrorBoundaryState {
  failed: boolean;
}

/** Last resort for a screen that failed to render or load (e.g. a chunk gone after a deploy). */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container size="sm" py={80}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>Something went wrong</Title>
          <Text c="dimmed">This screen could not be shown. Reloading the page usually fixes it.</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Container>
    );
  }
}
