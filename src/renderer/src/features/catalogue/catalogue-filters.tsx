import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

import type { Category, Platform } from '@shared/api/catalogue';

import { PLATFORM_LABELS } from '../../components/platform-badges';

/** The server filters by platform: an app is on one when a package manager of it has the app. */
export type PlatformChoice = Platform | 'all';

export interface CatalogueFilterValues {
  search: string;
  /** A category id as text, or 'all'. */
  category: string;
  platform: PlatformChoice;
}

interface CatalogueFiltersProps {
  values: CatalogueFilterValues;
  categories: readonly Category[];
  onChange: (values: CatalogueFilterValues) => void;
}

const PLATFORM_OPTIONS = [
  { value: 'all', label: 'All platforms' },
  { value: 'windows', label: PLATFORM_LABELS.windows },
  { value: 'macos', label: PLATFORM_LABELS.macos },
  { value: 'linux', label: PLATFORM_LABELS.linux },
];

function isPlatformChoice(value: string): value is PlatformChoice {
  return PLATFORM_OPTIONS.some((option) => option.value === value);
}

/** Search, category and platform: on a phone each takes the full width, one under the other. */
export function CatalogueFilters({ values, categories, onChange }: CatalogueFiltersProps) {
  const categoryOptions = [
    { value: 'all', label: 'All categories' },
    ...categories.map((category) => ({ value: String(category.category_id), label: category.category_name })),
  ];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="lg">
      <TextInput
        label="Search apps"
        placeholder="Name, package id or publisher"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={values.search}
        onChange={(event) => onChange({ ...values, search: event.currentTarget.value })}
        style={{ flex: '1 1 16rem' }}
      />
      <Select
        label="Category"
        data={categoryOptions}
        value={values.category}
        onChange={(category) => onChange({ ...values, category: category ?? 'all' })}
        allowDeselect={false}
        style={{ flex: '1 1 12rem' }}
      />
      <SegmentedControl
        aria-label="Platform"
        data={PLATFORM_OPTIONS}
        value={values.platform}
        onChange={(platform) => {
          if (isPlatformChoice(platform)) onChange({ ...values, platform });
        }}
        style={{ flex: '1 1 auto' }}
      />
    </Group>
  );
}
