import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { exportHistoryCsv, useGetHistoryInfiniteQuery } from '../../api/history';
import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { LoadingRow } from '../../components/loading-row';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { filtersFromSearch, hasFilters, withFilter, type FilterKey } from './history-filters';
import { HistoryTable } from './history-table';
import { HistoryToolbar } from './history-toolbar';

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconHistory size={40} stroke={1.5} aria-hidden />
        {filtered ? (
          <>
            <Text fw={600}>Nothing matches these filters</Text>
            <Button variant="default" onClick={onClear}>
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <Text fw={600}>No update history yet</Text>
            <Text size="sm" c="dimmed" maw={460}>
              Install a list on a device to see its history here: every install, update and uninstall, with the versions before and after.
            </Text>
            <Button component={Link} to="/app-list">
              Go to Lists
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** How long the plan keeps history; nothing when the plan is unknown (the server still prunes). */
function RetentionNote() {
  const { data } = useGetSubscriptionStatusQuery();
  if (!data) return null;
  return (
    <Text size="sm" c="dimmed" mt="md">
      Kept {data.currentPlan.limits.historyDays} days on your plan.{' '}
      <Text component={Link} to="/pricing-page" size="sm" c="blue" td="underline">
        Compare plans
      </Text>
    </Text>
  );
}

/** /history: installs, updates and uninstalls on the user's devices, newest first, filterable through the URL. */
export function HistoryPage() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const filtered = hasFilters(search);
  const query = useGetHistoryInfiniteQuery(filters, { refetchOnMountOrArgChange: true });
  const [exporting, setExporting] = useState(false);
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  const change = (key: FilterKey, value: string) => setSearch(withFilter(search, key, value));
  const clear = () => setSearch(new URLSearchParams());
  const exportCsv = async () => {
    setExporting(true);
    const failure = await exportHistoryCsv(filters);
    setExporting(false);
    if (failure) notify.error(errorMessage(failure, 'Failed to export the history'));
  };

  let body;
  if (query.isLoading) {
    body = <LoadingRow label="Loading history..." />;
  } else if (query.isError && !query.data) {
    body = (
      <Alert color="red" variant="light" title="Failed to load the history">
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (entries.length === 0) {
    body = <EmptyState filtered={filtered} onClear={clear} />;
  } else {
    body = (
      <Stack gap="sm">
        <HistoryTable entries={entries} onApp={(appId) => change('appId', String(appId))} />
        {query.hasNextPage ? (
          <Group justify="center">
            <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Load more
            </Button>
          </Group>
        ) : null}
        {query.isFetchNextPageError ? (
          <Text size="sm" c="red" ta="center" role="alert">
            Failed to load more history.
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack maw={1200} mx="auto" p="lg" gap={0}>
      <PageHeader title="Update history" description="Every install, update and uninstall on your devices, newest first." />
      <HistoryToolbar
        search={search}
        sample={entries[0]}
        filtered={filtered}
        exporting={exporting}
        onChange={change}
        onClear={clear}
        onExport={() => void exportCsv()}
      />
      {body}
      <RetentionNote />
    </Stack>
  );
}
