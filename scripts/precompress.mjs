// Writes `name.br` and `name.gz` beside the web app's hashed assets, at the highest levels:
// done once per build, they cost the server nothing per request (@fastify/static picks one by
// the request's Accept-Encoding). Used by the web build (vite.config.ts) and the server tests.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed copy saves less than a round of decoding costs. */
export const PRECOMPRESS_MIN_BYTES = 1024;
/** Text formats; images and fonts (woff2) are compressed already. */
export const PRECOMPRESSED_NAME = /\.(js|mjs|css|svg|json|txt|html|map)$/;

/** Precompresses every text file of at least PRECOMPRESS_MIN_BYTES in `dir`; a copy that is not smaller is not written. */
export async function precompressDir(dir) {
  const names = (await readdir(dir)).filter((name) => PRECOMPRESSED_NAME.test(name));
  await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const raw = await readFile(path);
      if (raw.length < PRECOMPRESS_MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipAsync(raw, { level: 9 }),
      ]);
      if (br.length < raw.length) await writeFile(`${path}.br`, br);
      if (gz.length < raw.length) await writeFile(`${path}.gz`, gz);
    }),
  );
}
