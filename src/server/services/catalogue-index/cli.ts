/**
 * `npm run catalogue:index`: reads Debian's index from its mirror and writes the snapshot the
 * repository ships (resources/catalogue/index/apt_package.jsonl.gz), which a server with no network
 * applies at start. Run it to bring the shipped catalogue up to date, then commit the file.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { readDebianIndex } from './debian-index';
import { writeSnapshot } from './snapshot-file';

const out = resolve(process.argv[2] ?? 'resources/catalogue/index');
mkdirSync(out, { recursive: true });
const started = performance.now();
const reading = await readDebianIndex();
if (reading.unchanged) throw new Error('read without a version to compare with, the index cannot be unchanged');
const { header, entries } = reading;
const file = join(out, `${header.field}.jsonl.gz`);
await writeSnapshot(file, header, entries);
console.log(`${header.index}: ${entries.length} apps written to ${file} in ${Math.round(performance.now() - started)} ms`);
