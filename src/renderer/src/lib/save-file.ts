import { isAxiosError } from 'axios';

import { apiClient } from './api-client';
import { readErrorBody, toApiError, type ApiError } from './api-errors';

/** The file name a Content-Disposition header gives, if any (RFC 6266 filename* first). */
function fileNameFromDisposition(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Hands a downloaded blob to the browser as a file (the usual anchor-with-download trick). */
function saveBlob(blob: Blob, fileName: string): void {
  // Chromium gives a file name without an extension one from its type ("Brewfile" became
  // "Brewfile.txt", which brew does not read): as plain bytes the name stays as the tool expects.
  const typed = fileName.includes('.') ? blob : new Blob([blob], { type: 'application/octet-stream' });
  const url = URL.createObjectURL(typed);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoked later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An error answer to a blob request is a Blob too: read its {code, message} envelope. */
async function readBlobError(data: unknown): Promise<unknown> {
  if (!(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return null;
  }
}

interface Download {
  params?: Record<string, string>;
  timeout?: number;
  /** When the answer names no file (Content-Disposition). */
  fileName: string;
}

/**
 * The one way to download a file from the API (RTK Query keeps answers in the store, which a
 * Blob does not belong in): GET through the API client, then save. Resolves to the failure.
 */
export async function downloadFile(url: string, { params, timeout, fileName }: Download): Promise<ApiError | null> {
  try {
    const response = await apiClient.get<Blob>(url, { params, timeout, responseType: 'blob' });
    saveBlob(response.data, fileNameFromDisposition(response.headers['content-disposition']) ?? fileName);
    return null;
  } catch (failure) {
    const data: unknown = isAxiosError(failure) ? failure.response?.data : undefined;
    return { ...toApiError(failure), ...readErrorBody(await readBlobError(data)) };
  }
}
