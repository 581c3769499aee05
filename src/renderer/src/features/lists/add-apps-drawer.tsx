import { Alert, Button, Chip, Divider, Drawer, Group, Input, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { CATALOGUE_MAX_PAGE_SIZE, CATALOGUE_PAGE_SIZE } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/error-codes';
import { formatCount } from '@shared/format';

import { useGetCategoriesQuery, useSearchCatalogueQuery } from '../../api/catalogue';
import { useAddListItemMutation, useGetListItemsQuery, useGetListsQuery, type ListSummary } from '../../api/lists';
import { LoadingRow } from '../../components/loading-row';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { CatalogueAppRow } from './catalogue-app-row';
import { LimitAlert } from './limit-alert';
import { OwnAppsSection } from './own-apps-section';
import { appUsage, limitProblemOf, usePlanLimits, type LimitProblem } from './plan-limits';
import { SearchMachinesPrompt } from './search-machines-prompt';

interface AddAppsDrawerProps {
  list: ListSummary;
  appsPerList: number | null;
  onClose: () => void;
  onLimit: (problem: LimitProblem) => void;
}

const SEARCH_DEBOUNCE_MS = 300;

/** Browse and search the catalogue and your own apps, and add apps to one list, up to the plan's apps per list. */
export function AddAppsDrawer({ list: initial, appsPerList, onClose, onLimit }: AddAppsDrawerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState('all');
  // The best matches first; "Show more" asks for more of them, up to one page's most.
  const [wanted, setWanted] = useState(CATALOGUE_PAGE_SIZE);
  const [limit, setLimit] = useState<LimitProblem | null>(null);
  const [pending, setPending] = useState<number | null>(null);

  // The summary refreshes after each add, so counts and limits stay current.
  const { data: lists } = useGetListsQuery();
  const list = lists?.find((candidate) => candidate.id === initial.id) ?? initial;
  const { data: items } = useGetListItemsQuery(list.id);
  const inList = new Set((items ?? []).map((item) => item.app_id));
  const categories = useGetCategoriesQuery();
  const apps = useSearchCatalogueQuery({ q: debounced, category: category === 'all' ? null : Number(category), limit: wanted });
  const found = apps.data?.apps ?? [];
  const total = apps.data?.total ?? 0;
  const [addItem] = useAddListItemMutation();
  const { appsHint } = usePlanLimits();

  const full = appsPerList !== null && list.appCount >= appsPerList;
  const blockedReason = list.readOnly
    ? 'This list is read-only on your current plan'
    : full
      ? `Your plan allows ${appsPerList} apps per list`
      : null;
  const usage = appUsage(list.appCount, appsPerList);

  async function add(appId: number) {
    setPending(appId);
    try {
      await addItem({ listId: list.id, appId }).unwrap();
    } catch (failure) {
      const problem = limitProblemOf(failure);
      if (problem) {
        setLimit(problem);
        onLimit(problem);
      } else {
        notify.error(errorMessage(failure, 'Failed to add the app'));
      }
    } finally {
      setPending(null);
    }
  }

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={`Add apps to ${list.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        {usage ? (
          <Text size="sm" c={full ? 'orange' : 'dimmed'}>
            {usage}
            {full ? ' — this list is full on your plan.' : ''}
          </Text>
        ) : null}
        {limit ? <LimitAlert problem={limit} onClose={() => setLimit(null)} /> : null}
        {full && !limit ? (
          <LimitAlert
            problem={{
              code: ErrorCode.LIST_APP_LIMIT_REACHED,
              message: `Your plan allows ${appsPerList} apps per list. ${appsHint ?? ''}`.trim(),
            }}
          />
        ) : null}
        <TextInput
          label="Search apps"
          placeholder="Search the catalogue and your apps"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setWanted(CATALOGUE_PAGE_SIZE);
          }}
          data-autofocus
        />
        <OwnAppsSection search={debounced} inList={inList} pending={pending} blockedReason={blockedReason} onAdd={add} />
        <Divider label="Catalogue" labelPosition="left" />
        <Input.Wrapper label="Category">
          <Chip.Group
            multiple={false}
            value={category}
            onChange={(value) => {
              setCategory(value);
              setWanted(CATALOGUE_PAGE_SIZE);
            }}
          >
            <Group gap={6} mt={6} role="radiogroup" aria-label="Category">
              <Chip value="all" size="xs" type="radio">
                All
              </Chip>
              {(categories.data ?? []).map((item) => (
                <Chip key={item.category_id} value={String(item.category_id)} size="xs" type="radio">
                  {item.category_name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        {apps.isFetching && !apps.data ? (
          <LoadingRow label="Loading apps…" />
        ) : apps.isError ? (
          <Alert color="red" variant="light" title="The catalogue could not be loaded">
            <Button size="xs" variant="default" onClick={() => void apps.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : found.length === 0 ? (
          <Stack gap="sm" py="xl" align="center">
            <Text c="dimmed" ta="center">
              No apps match your search.
            </Text>
            {debounced.trim() ? <SearchMachinesPrompt search={debounced} /> : null}
          </Stack>
        ) : (
          <>
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Catalogue apps" aria-busy={apps.isFetching}>
              {found.map((app) => (
                <CatalogueAppRow
                  key={app.app_id}
                  app={app}
                  added={inList.has(app.app_id)}
                  adding={pending === app.app_id}
                  blockedReason={blockedReason}
                  onAdd={() => void add(app.app_id)}
                />
              ))}
            </Stack>
            <MoreMatches
              shown={found.length}
              total={total}
              loading={apps.isFetching}
              onMore={() => setWanted((count) => Math.min(count + CATALOGUE_PAGE_SIZE, CATALOGUE_MAX_PAGE_SIZE))}
            />
          </>
        )}
      </Stack>
    </Drawer>
  );
}

/** Under the best matches: how many there are in all, and more of them while a page may hold them; past that, a narrower search. */
function MoreMatches({ shown, total, loading, onMore }: { shown: number; total: number; loading: boolean; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {`The best ${shown} of ${formatCount(total)} apps.`}
        {shown >= CATALOGUE_MAX_PAGE_SIZE ? ' Type more of the name to find the others.' : ''}
      </Text>
      {shown < CATALOGUE_MAX_PAGE_SIZE ? (
        <Button size="xs" variant="default" loading={loading} onClick={onMore}>
          Show more
        </Button>
      ) : null}
    </Group>
  );
}
