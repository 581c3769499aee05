import { Alert, Badge, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import { IMPORT_NOTE_REASONS, type ImportListResponse, type ImportNote } from '@shared/api/list-import';

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

/** Each line shown back: where it is in the file, what it says, and why. */
function Notes({ notes }: { notes: ImportNote[] }) {
  return (
    <List spacing={6} size="sm" listStyleType="none">
      {notes.map((note, at) => (
        <List.Item key={`${note.line ?? ''} ${note.written} ${at}`}>
          <Text size="sm" span>
            {note.line === null ? null : <Text span fw={600}>{`Line ${note.line}: `}</Text>}
            <Code>{note.written}</Code>
          </Text>
          <Text size="xs" c="dimmed">
            {IMPORT_NOTE_REASONS[note.reason].text}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What an import did: the new lists, every line left out and why, conditions not checked, what the plan left out. */
export function ImportResult({ result, onDone }: { result: ImportListResponse; onDone: () => void }) {
  const { list, lists, notes, skippedForLimit } = result;
  const leftOut = notes.filter((note) => IMPORT_NOTE_REASONS[note.reason].leftOut);
  const unchecked = notes.filter((note) => !IMPORT_NOTE_REASONS[note.reason].leftOut);
  const appCount = lists.reduce((sum, each) => sum + each.appCount, 0);
  return (
    <Stack gap="md">
      {lists.length > 1 ? (
        <Text>
          Imported {plural(appCount, 'app')} into {lists.length} lists: {lists.map((each) => `“${each.name}”`).join(', ')}.
        </Text>
      ) : (
        <Text>
          Imported {plural(list.appCount, 'app')} into “{list.name}”.
        </Text>
      )}
      {leftOut.length > 0 ? (
        <Alert color="gray" variant="light" title={`Left out (${leftOut.length})`}>
          <Stack gap="xs">
            <Text size="sm">These lines of the file were not imported:</Text>
            <Notes notes={leftOut} />
          </Stack>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Every entry of the file was imported.
        </Text>
      )}
      {unchecked.length > 0 ? (
        <Alert color="blue" variant="light" title={`Conditions not checked (${unchecked.length})`}>
          <Notes notes={unchecked} />
        </Alert>
      ) : null}
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
