import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

import type { App } from '@shared/api/catalogue';

import { useSearchCatalogueQuery } from '../api/catalogue';

const SEARCH_DEBOUNCE_MS = 250;
/** Apps a select offers at once: the best matches of what was typed. */
const OPTIONS_SHOWN = 50;

export interface AppSearchOptions {
  /** The best matches of what was typed, as a Select's options. */
  options: Array<{ value: string; label: string }>;
  searchValue: string;
  onSearchChange: (value: string) => void;
  /** The app behind an option of the current answer (the one just chosen); whoever chose it keeps it. */
  appOf: (value: string | null) => App | null;
  loading: boolean;
}

/**
 * The catalogue's apps for an admin's "choose an app" select, searched by the server as the
 * admin types: the catalogue holds tens of thousands of apps, too many to send to a select.
 * The label shows a package id too, so two apps of the same name can be told apart.
 */
export function useAppSearchOptions(): AppSearchOptions {
  const [searchValue, onSearchChange] = useState('');
  const [debounced] = useDebouncedValue(searchValue, SEARCH_DEBOUNCE_MS);
  const found = useSearchCatalogueQuery({ q: debounced, limit: OPTIONS_SHOWN });
  return {
    options: (found.data?.apps ?? []).map((app) => ({ value: String(app.app_id), label: app.name })),
    searchValue,
    onSearchChange,
    appOf: (value) => found.data?.apps.find((app) => String(app.app_id) === value) ?? null,
    loading: found.isFetching,
  };
}
