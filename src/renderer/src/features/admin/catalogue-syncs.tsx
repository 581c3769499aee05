import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';

import type { CatalogueSyncRun } from '@shared/api/admin';
import { formatCount, formatLastActive } from '@shared/format';

import { useGetCatalogueSyncsQuery, useSyncCatalogueMutation } from '../../api/admin';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';

const OUTCOMES: Readonly<Record<CatalogueSyncRun['outcome'], { label: string; color: string }>> = {
  applied: { label: 'Applied', color: 'green' },
  unchanged: { label: 'Unchanged', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

/** "12 added (jq, fzf…)": a count, and the first few names so the admin can see what it was. */
function changeText(count: number, what: string, names: readonly string[]): string | null {
  if (count === 0) return null;
  const shown = names.slice(0, 5).join(', ');
  return `${formatCount(count)} ${what}${shown ? ` (${shown}${count > 5 ? '…' : ''})` : ''}`;
}

function RunRow({ run }: { run: CatalogueSyncRun }) {
  const outcome = OUTCOMES[run.outcome];
  const changes = [
    changeText(run.created, 'added', run.examples.created),
    changeText(run.linked, 'linked to curated apps', []),
    changeText(run.changed, 'changed', run.examples.changed),
    changeText(run.gone, 'no longer in the index, kept', run.examples.gone),
  ].filter((text): text is string => text !== null);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" title={new Date(run.startedAt).toLocaleString()}>
          {formatLastActive(run.startedAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{run.index}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {run.source}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={outcome.color} variant="light" miw="max-content">
          {outcome.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {run.error ?? (changes.length > 0 ? changes.join(' · ') : 'Nothing changed')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Each reading of the package managers' indexes and what it changed in the catalogue; "Sync now" reads them at once. */
export function CatalogueSyncs() {
  const { data, isLoading, isError } = useGetCatalogueSyncsQuery();
  const [sync, syncing] = useSyncCatalogueMutation();

  async function syncNow() {
    try {
      const run = await sync().unwrap();
      if (run.outcome === 'failed') notify.error(`The sync failed: ${run.error ?? 'no reason given'}`);
      else notify.success(run.outcome === 'unchanged' ? 'The index has not changed since the last sync' : 'Catalogue synced');
    } catch (failure) {
      notify.error(errorMessage(failure, 'The sync could not be started'));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="catalogue-syncs-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="catalogue-syncs-title">
            Catalogue syncs
          </Title>
          <Button size="xs" variant="default" loading={syncing.isLoading} onClick={() => void syncNow()}>
            Sync now
          </Button>
        </Group>
        {isLoading ? (
          <Loader size="sm" role="status" aria-label="Loading catalogue syncs" />
        ) : isError ? (
          <Text c="red">The catalogue syncs could not be loaded.</Text>
        ) : !data || data.length === 0 ? (
          <Text c="dimmed">No sync yet. The catalogue reads Debian&apos;s index once a day; Sync now reads it at once.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Index</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>What changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((run) => (
                  <RunRow key={run.id} run={run} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
