import type { Platform } from '@shared/api/catalogue';
import type { ListFormat } from '@shared/api/lists';
import { isAxiosError } from 'axios';
import { apiClient } from '../../lib/api-client';
import { errorMessage, readErrorBody, toApiError } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { fileNameFromDisposition, readBlobError, saveBlob } from '../../lib/save-file';

function fallbackFileName(listName: string, format: ListFormat, platform?: Platform): string {
  const base = listName.replace(/[^\w .-]+/g, '').trim() || 'list';
  if (format === 'winget') return `${base}.winget.json`;
  if (format === 'brewfile') return 'Brewfile';
  return platform ? `${base}-${platform}.txt` : `${base}.txt`;
}

/** GET /api/lists/{id}/export as a file download, through the one API client. */
export async function exportList(list: { id: string; name: string }, format: ListFormat, platform?: Platform): Promise<void> {
  try {
    const response = await apiClient.get<Blob>(`/api/lists/${encodeURIComponent(list.id)}/export`, {
      params: platform ? { format, platform } : { format },
      responseType: 'blob',
    });
    const disposition: unknown = response.headers['content-disposition'];
    const fileName = fileNameFromDisposition(disposition) ?? fallbackFileName(list.name, format, platform);
    saveBlob(response.data, fileName);
  } catch (failure) {
    // With responseType 'blob' the error envelope arrives as a Blob too.
    const data: unknown = isAxiosError(failure) ? failure.response?.data : undefined;
    const body = readErrorBody(await readBlobError(data));
    notify.error(errorMessage({ ...toApiError(failure), ...body }, 'Failed to export list'));
  }
}
