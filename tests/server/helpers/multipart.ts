/** A file part for {@link multipart}. */
export interface FilePart {
  data: Buffer | Uint8Array;
  filename: string;
  type: string;
}

/**
 * A multipart/form-data body built the way browsers build it (FormData + Blob, serialised by
 * `Response`), ready for `app.inject({ payload, headers })`.
 */
export async function multipart(fields: Record<string, string | number>, files: Record<string, FilePart> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
