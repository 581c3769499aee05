import { Alert, Button, Container, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { CATALOGUE_PAGE_SIZE } from '@shared/api/catalogue';
import { formatCount } from '@shared/format';

import { useGetCategoriesQuery, useSearchCatalogueQuery } from '../../api/catalogue';
import { useGetListsQuery } from '../../api/lists';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { PageHeader } from '../../components/page-header';
import { CatalogueCard } from './catalogue-card';
import { CatalogueFilters, type CatalogueFilterValues } from './catalogue-filters';

const SEARCH_DEBOUNCE_MS = 300;
const NO_FILTERS: CatalogueFilterValues = { search: '', category: 'all', platform: 'all' };

function isFiltered(values: CatalogueFilterValues): boolean {
  return values.search.trim() !== '' || values.category !== 'all' || values.platform !== 'all';
}

/** "31–60 of 212 apps": where this page is in the whole answer. */
function pageRange(offset: number, shown: number, total: number): string {
  if (total === 1) return '1 app';
  if (total <= shown) return `${formatCount(total)} apps`;
  return `${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(total)} apps`;
}

/**
 * Every app Loadout can install, to browse and add to one of the person's lists: a page at a
 * time, searched and ranked by the server, since the catalogue holds tens of thousands of apps.
 */
export function CataloguePage() {
  const [filters, setFilters] = useState<CatalogueFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const categories = useGetCategoriesQuery();
  const offset = (page - 1) * CATALOGUE_PAGE_SIZE;
  const apps = useSearchCatalogueQuery({
    q: search,
    category: filters.category === 'all' ? null : Number(filters.category),
    platform: filters.platform === 'all' ? null : filters.platform,
    offset,
  });
  const lists = useGetListsQuery();
  const shown = apps.data?.apps ?? [];
  const total = apps.data?.total ?? 0;
  const pages = Math.ceil(total / CATALOGUE_PAGE_SIZE);
  // A new search starts at its first page.
  const filter = (values: CatalogueFilterValues) => {
    setFilters(values);
    setPage(1);
  };
  const turnTo = (next: number) => {
    setPage(next);
    document.getElementById('catalogue-results')?.scrollIntoView({ block: 'start' });
  };

  return (
    <Container size="lg" py="xl">
      <PageHeader title="Catalogue" description="Apps Loadout can install on Windows, macOS and Linux. Add the ones you want to a list." />
      {lists.data && lists.data.length === 0 ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Start with a list" mb="lg">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Apps are installed a list at a time. Create your first list on the Lists page, then come back here and add apps to it.
            </Text>
            <Button component={Link} to="/app-list" size="xs">
              Go to Lists
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <CatalogueFilters values={filters} categories={categories.data ?? []} onChange={filter} />
      {apps.isLoading ? (
        <LoadingRow label="Loading apps…" />
      ) : apps.isError ? (
        <LoadError what="the catalogue" onRetry={() => void apps.refetch()} retrying={apps.isFetching} />
      ) : shown.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <Text fw={600}>{isFiltered(filters) ? 'No apps match these filters' : 'The catalogue is empty'}</Text>
          <Text c="dimmed" size="sm" ta="center">
            {isFiltered(filters)
              ? 'Try another name, or look in all categories and platforms.'
              : 'An administrator adds apps on the App Database page.'}
          </Text>
          {isFiltered(filters) ? (
            <Button variant="default" size="xs" onClick={() => filter(NO_FILTERS)}>
              Clear filters
            </Button>
          ) : null}
        </Stack>
      ) : (
        <>
          <Text id="catalogue-results" size="sm" c="dimmed" mb="sm" aria-live="polite" style={{ scrollMarginTop: 80 }}>
            {pageRange(apps.data?.offset ?? offset, shown.length, total)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={apps.isFetching}>
            {shown.map((app) => (
              <CatalogueCard key={app.app_id} app={app} lists={lists.data ?? []} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center" mt="lg">
              <Pagination
                total={pages}
                value={page}
                onChange={turnTo}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          ) : null}
        </>
      )}
    </Container>
  );
}
