import { createWriteStream, mkdirSync, renameSync, statSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';

/** Past this size the log starts afresh, the previous one kept as `<name>.old`: two files at most. */
export const LOG_MAX_BYTES = 5 * 1024 * 1024;

/** An append stream on `<dir>/<name>`; a log that cannot be written never stops the client. */
export function openLogFile(dir: string, name: string, maxBytes: number = LOG_MAX_BYTES): WriteStream {
  const file = join(dir, name);
  try {
    mkdirSync(dir, { recursive: true });
    if (statSync(file).size > maxBytes) renameSync(file, `${file}.old`);
  } catch {
    // No log yet (or no folder we may create): the stream below reports through 'error'.
  }
  const stream = createWriteStream(file, { flags: 'a', mode: 0o600 });
  stream.on('error', () => undefined);
  return stream;
}
