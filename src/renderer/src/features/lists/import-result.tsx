import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import type { ImportListResponse } from '@shared/api/lists';

function Entries({ entries }: { entries: string[] }) {
  return (
    <Group gap={6}>
      {entries.map((entry) => (
        <Badge key={entry} variant="outline" color="gray" tt="none" radius="sm">
          {entry}
        </Badge>
      ))}
    </Group>
  );
}

/** What an import did: the new list, what matched nothing, what the plan left out. */
export function ImportResult({ result, onDone }: { result: ImportListResponse; onDone: () => void }) {
  const { list, unmatched, skippedForLimit } = result;
  return (
    <Stack gap="md">
      <Text>
        Imported {list.apps.length} {list.apps.length === 1 ? 'app' : 'apps'} into “{list.name}”.
      </Text>
      {unmatched.length > 0 ? (
        <Alert color="gray" variant="light" title={`Not matched (${unmatched.length})`}>
          <Stack gap="xs">
            <Text size="sm">These entries match no app in the catalogue and were left out:</Text>
            <Entries entries={unmatched} />
          </Stack>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Every entry matched a catalogue app.
        </Text>
      )}
      {skippedForLimit.length > 0 ? (
        <Alert color="yellow" variant="light" title={`Skipped for your plan's limit (${skippedForLimit.length})`}>
          <Stack gap="xs">
            <Text size="sm">Your plan allows fewer apps in a list; these were not added:</Text>
            <Entries entries={skippedForLimit} />
            <Group>
              <Button component={Link} to="/pricing-page" size="xs">
                Upgrade
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
