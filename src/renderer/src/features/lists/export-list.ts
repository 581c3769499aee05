import type { Platform } from '@shared/api/catalogue';
import type { ListFormat } from '@shared/api/lists';

import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { downloadFile } from '../../lib/save-file';

function fallbackFileName(listName: string, format: ListFormat, platform?: Platform): string {
  const base = listName.replace(/[^\w .-]+/g, '').trim() || 'list';
  if (format === 'winget') return `${base}.winget.json`;
  if (format === 'winget-configure') return `${base}.winget.yaml`;
  if (format === 'brewfile') return 'Brewfile';
  if (format === 'flatpak') return `${base}.flatpak.txt`;
  return platform ? `${base}-${platform}.txt` : `${base}.txt`;
}

/** GET /api/lists/{id}/export as a file download. */
export async function exportList(list: { id: string; name: string }, format: ListFormat, platform?: Platform): Promise<void> {
  const failure = await downloadFile(`/api/lists/${encodeURIComponent(list.id)}/export`, {
    params: platform ? { format, platform } : { format },
    fileName: fallbackFileName(list.name, format, platform),
  });
  if (failure) notify.error(errorMessage(failure, 'Failed to export list'));
}
