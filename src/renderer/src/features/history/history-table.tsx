import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

import type { HistoryEntry } from '../../api/history';
import { UnbrokenWords } from '../../components/unbroken-words';
import { KIND_LABELS, OUTCOME_LOOKS } from './history-filters';

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "1.2.0 → 1.3.0"; a dash where there was no version (not installed before, or uninstalled). */
function versions(entry: HistoryEntry): string {
  return `${entry.versionBefore ?? '—'} → ${entry.versionAfter ?? '—'}`;
}

interface HistoryTableProps {
  entries: HistoryEntry[];
  onApp: (appId: number) => void;
}

function OutcomeBadge({ entry }: { entry: HistoryEntry }) {
  const outcome = OUTCOME_LOOKS[entry.outcome];
  // At least as wide as its word: a squeezed column would otherwise cut it ("Succe…").
  return (
    <Badge variant="light" color={outcome.color} tt="none" miw="max-content">
      {outcome.label}
    </Badge>
  );
}

function AppLink({ entry, onApp }: { entry: HistoryEntry; onApp: HistoryTableProps['onApp'] }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ta="left"
      onClick={() => onApp(entry.appId)}
      aria-label={`Show only the history of ${entry.appName}`}
    >
      <UnbrokenWords text={entry.appName} />
    </Anchor>
  );
}

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** On a phone each entry is a card: eight columns do not fit 390 px, and a table scrolled sideways hides the message. */
function HistoryCards({ entries, onApp }: HistoryTableProps) {
  return (
    <Stack gap="xs" role="list" aria-label="Update history">
      {entries.map((entry) => (
        <Paper key={entry.id} withBorder radius="md" p="sm" role="listitem">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <AppLink entry={entry} onApp={onApp} />
              <OutcomeBadge entry={entry} />
            </Group>
            <Text size="xs" c="dimmed">
              <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time> · {KIND_LABELS[entry.kind]} on{' '}
              <UnbrokenWords text={entry.deviceName} />
              {entry.listName ? <> · {entry.listName}</> : null}
            </Text>
            <Text size="sm">{versions(entry)}</Text>
            {entry.message ? <Text size="sm">{entry.message}</Text> : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The history, newest first, one row per app on a device; an app's name shows that app's history
 * alone. Short columns keep to their content so that the message has the rest of the width.
 */
export function HistoryTable({ entries, onApp }: HistoryTableProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) return <HistoryCards entries={entries} onApp={onApp} />;
  const fit = { whiteSpace: 'nowrap', width: '1%' } as const;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Update history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={fit}>When</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>App</Table.Th>
            <Table.Th>List</Table.Th>
            <Table.Th style={fit}>Action</Table.Th>
            <Table.Th style={fit}>Outcome</Table.Th>
            <Table.Th style={fit}>Version</Table.Th>
            <Table.Th miw={200}>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={fit}>
                <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
              </Table.Td>
              <Table.Td>
                <UnbrokenWords text={entry.deviceName} />
              </Table.Td>
              <Table.Td>
                <AppLink entry={entry} onApp={onApp} />
              </Table.Td>
              <Table.Td>{entry.listName ? <UnbrokenWords text={entry.listName} /> : dash}</Table.Td>
              <Table.Td style={fit}>{KIND_LABELS[entry.kind]}</Table.Td>
              <Table.Td style={fit}>
                <OutcomeBadge entry={entry} />
              </Table.Td>
              <Table.Td style={fit}>{versions(entry)}</Table.Td>
              <Table.Td>
                <Text size="sm" c={entry.message ? undefined : 'dimmed'}>
                  {entry.message ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
