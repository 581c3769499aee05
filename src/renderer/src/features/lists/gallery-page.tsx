import {
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import type { GalleryCard } from '@shared/api/shared-lists';

import { useGetCategoriesQuery } from '../../api/catalogue';
import { useGetGalleryQuery } from '../../api/shared-lists';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { PageHeader } from '../../components/page-header';
import { PlatformBadges } from '../../components/platform-badges';
import { useIsAuthenticated } from '../../lib/hooks';

const SEARCH_DEBOUNCE_MS = 300;
type Sort = 'newest' | 'copies';

function GalleryListCard({ card }: { card: GalleryCard }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={card.name}>
      <Stack gap={6} h="100%">
        <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          <Link to={`/shared/${encodeURIComponent(card.shareId)}`} style={{ color: 'inherit' }}>
            {card.name}
          </Link>
        </Title>
        {card.categoryName ? (
          <Text size="xs" c="dimmed">
            {card.categoryName}
          </Text>
        ) : null}
        {card.description ? (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {card.description}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" mt="auto">
          {card.appCount} {card.appCount === 1 ? 'app' : 'apps'} · copied {card.copyCount} {card.copyCount === 1 ? 'time' : 'times'}
        </Text>
        <PlatformBadges platforms={card.platforms} size="xs" />
      </Stack>
    </Card>
  );
}

/** /gallery: public lists people shared, to search, filter by category and open. */
export function GalleryPage() {
  const authenticated = useIsAuthenticated();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>('newest');
  const [page, setPage] = useState(1);
  const categories = useGetCategoriesQuery();
  const gallery = useGetGalleryQuery({ search, category: category ? Number(category) : null, sort, page });
  const filtered = search.trim() !== '' || category !== null;
  const data = gallery.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  function clear() {
    setSearchText('');
    setCategory(null);
    setPage(1);
  }

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Gallery"
        description="Lists of apps people shared. Open one to see its apps, copy it to your lists and install it."
      />
      <Group gap="sm" align="flex-end" wrap="wrap" mb="lg">
        <TextInput
          label="Search"
          placeholder="Name or description"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          maxLength={100}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Category"
          placeholder="All categories"
          clearable
          clearButtonProps={{ 'aria-label': 'All categories' }}
          data={(categories.data ?? []).map((item) => ({ value: String(item.category_id), label: item.category_name }))}
          value={category}
          onChange={(value) => {
            setCategory(value);
            setPage(1);
          }}
          style={{ flex: '1 1 180px' }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="gallery-sort-label">
            Order
          </Text>
          <SegmentedControl
            aria-labelledby="gallery-sort-label"
            value={sort}
            onChange={(value) => {
              setSort(value === 'copies' ? 'copies' : 'newest');
              setPage(1);
            }}
            data={[
              { value: 'newest', label: 'Newest' },
              { value: 'copies', label: 'Most copied' },
            ]}
          />
        </Stack>
      </Group>
      {gallery.isLoading ? (
        <LoadingRow label="Loading lists…" />
      ) : gallery.isError || !data ? (
        <LoadError what="the gallery" onRetry={() => void gallery.refetch()} retrying={gallery.isFetching} />
      ) : data.items.length === 0 ? (
        <EmptyState
          py={48}
          variant="light"
          icon={<IconWorld size={32} aria-hidden />}
          title={filtered ? 'No lists match' : 'No public lists yet'}
          description={
            filtered
              ? 'Try other words, or look in all categories.'
              : 'Make one of your lists public with “Share…” on its card, and it shows here.'
          }
        >
          <EmptyState.Actions>
            <Group justify="center">
              {filtered ? (
                <Button variant="default" onClick={clear}>
                  Clear filters
                </Button>
              ) : authenticated ? (
                <Button component={Link} to="/app-list">
                  Go to your lists
                </Button>
              ) : (
                <Button component={Link} to="/sign-up">
                  Create an account
                </Button>
              )}
            </Group>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
            {data.total === 1 ? '1 list' : `${data.total} lists`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={gallery.isFetching}>
            {data.items.map((card) => (
              <GalleryListCard key={card.shareId} card={card} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center" mt="lg">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          ) : null}
        </>
      )}
    </Container>
  );
}
