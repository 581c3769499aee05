import { Alert, Button, Center, Code, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';

import { useGetItemLogQuery } from '../../api/installations';
import { errorMessage } from '../../lib/api-errors';

export interface LogTarget {
  installationId: string;
  itemId: string;
  appName: string;
  deviceName: string;
}

/** A failed app's package-manager output and exit code, fetched when asked for. */
export function ItemLogModal({ target, onClose }: { target: LogTarget; onClose: () => void }) {
  const query = useGetItemLogQuery({ installationId: target.installationId, itemId: target.itemId });
  let body;
  if (query.isLoading) {
    body = (
      <Center py="lg" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading the log...</Text>
        </Group>
      </Center>
    );
  } else if (query.isError || !query.data) {
    body = (
      <Alert color="red" variant="light" title={errorMessage(query.error, 'Failed to load the log')}>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    const { log, exitCode, message } = query.data;
    body = (
      <Stack gap="sm">
        <Group gap="lg">
          <Text size="sm">
            <Text span fw={600}>
              Exit code:
            </Text>{' '}
            {exitCode ?? 'none'}
          </Text>
          {message ? <Text size="sm">{message}</Text> : null}
        </Group>
        {log ? (
          <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
            <Code block fz="xs" aria-label="Package manager output" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {log}
            </Code>
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="dimmed">
            The package manager printed nothing.
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Modal opened onClose={onClose} title={`${target.appName} on ${target.deviceName}`} centered size="xl">
      {body}
    </Modal>
  );
}
