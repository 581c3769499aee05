import type { JobKind } from '@shared/agent/protocol';
import { ITEM_STATUSES, type InstallationSummary, type ItemCounts } from '@shared/api/installations';

import { itemStatusLook } from '../../components/installation-status';

/** "2 installed · 1 failed · 1 skipped" ("2 updated" for an update): the counts that are not zero, in words. */
export function formatCounts(counts: ItemCounts, kind: JobKind = 'install'): string {
  const parts = ITEM_STATUSES.filter((status) => counts[status] > 0).map(
    (status) => `${counts[status]} ${itemStatusLook(status, kind).label.toLowerCase()}`,
  );
  return parts.length > 0 ? parts.join(' · ') : 'No apps';
}

const KIND_WORDS = { install: 'Install', upgrade: 'Update', uninstall: 'Uninstall' } as const;

/** What was installed: the list's name as it was, or a count of apps for an installation of single apps. */
export function installationTitle(installation: Pick<InstallationSummary, 'kind' | 'listName' | 'counts'>): string {
  const apps = Object.values(installation.counts).reduce((sum, n) => sum + n, 0);
  const what = installation.listName ?? `${apps} ${apps === 1 ? 'app' : 'apps'}`;
  return installation.kind === 'install' ? what : `${KIND_WORDS[installation.kind]}: ${what}`;
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
