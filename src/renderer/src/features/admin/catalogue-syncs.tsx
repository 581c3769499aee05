import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

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

/** What a reading did, in words: the error, the changes with some names, or that nothing changed. */
function whatChanged(run: CatalogueSyncRun): string {
  if (run.error) return run.error;
  const changes = [
    changeText(run.created, 'added', run.examples.created),
    changeText(run.linked, 'linked to curated apps', []),
    changeText(run.changed, 'changed', run.examples.changed),
    changeText(run.gone, 'no longer in the index, kept', run.examples.gone),
  ].filter((text): text is string => text !== null);
  return changes.length > 0 ? changes.join(' · ') : 'Nothing changed';
}

function OutcomeBadge({ run }: { run: CatalogueSyncRun }) {
  const outcome = OUTCOMES[run.outcome];
  return (
    <Badge color={outcome.color} variant="light" miw="max-content">
      {outcome.label}
    </Badge>
  );
}

const When = ({ run }: { run: CatalogueSyncRun }) => (
  <time dateTime={run.startedAt} title={new Date(run.startedAt).toLocaleString()}>
    {formatLastActive(run.startedAt)}
  </time>
);

function RunsTable({ runs }: { runs: readonly CatalogueSyncRun[] }) {
  return (
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
          {runs.map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td>
                <Text size="sm">
                  <When run={run} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{run.index}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {run.source}
                </Text>
              </Table.Td>
              <Table.Td>
                <OutcomeBadge run={run} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {whatChanged(run)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each reading is a card: four columns do not fit 390 px, and a table scrolled sideways hides the outcome. */
function RunCards({ runs }: { runs: readonly CatalogueSyncRun[] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Catalogue syncs">
      {runs.map((run) => (
        <Paper key={run.id} withBorder radius="md" p="sm" role="listitem">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{run.index}</Text>
              <OutcomeBadge run={run} />
            </Group>
            <Text size="xs" c="dimmed">
              <When run={run} />
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {whatChanged(run)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Each reading of the package managers' indexes and what it changed in the catalogue; "Sync now" reads them at once. */
export function CatalogueSyncs() {
  const { data, isLoading, isError } = useGetCatalogueSyncsQuery();
  const phone = useMediaQuery('(max-width: 48em)');
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
        ) : phone ? (
          <RunCards runs={data} />
        ) : (
          <RunsTable runs={data} />
        )}
      </Stack>
    </Paper>
  );
}
