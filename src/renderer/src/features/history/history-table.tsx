import { Anchor, Badge, Table, Text } from '@mantine/core';

import type { HistoryEntry } from '../../lib/history-api';
import { KIND_LABELS, OUTCOME_LOOKS } from './history-filters';

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "1.2.0 → 1.3.0"; a dash where there was no version (not installed before, or uninstalled). */
function versions(entry: HistoryEntry): string {
  return `${entry.versionBefore ?? '—'} → ${entry.versionAfter ?? '—'}`;
}

/** The history, newest first, one row per app on a device; an app's name shows that app's history alone. */
export function HistoryTable({ entries, onApp }: { entries: HistoryEntry[]; onApp: (appId: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Update history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>App</Table.Th>
            <Table.Th>List</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const outcome = OUTCOME_LOOKS[entry.outcome];
            return (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
                </Table.Td>
                <Table.Td>{entry.deviceName}</Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => onApp(entry.appId)}
                    aria-label={`Show only the history of ${entry.appName}`}
                  >
                    {entry.appName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {entry.listName ?? (
                    <Text span size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{KIND_LABELS[entry.kind]}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={outcome.color} tt="none">
                    {outcome.label}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{versions(entry)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={entry.message ? undefined : 'dimmed'} lineClamp={2}>
                    {entry.message ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
