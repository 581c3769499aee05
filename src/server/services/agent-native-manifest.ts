import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

import { nativeArchSchema, nativeFormatSchema, nativePlatformSchema } from '@shared/api/client';

/**
 * A plain file name inside the native builds folder. The manifest is read from disk, but a name
 * like `../secret` would make this public route serve any file the server can read: refused.
 */
const fileNameSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((name) => !/[/\\\0]/.test(name) && name !== '.' && name !== '..', { message: 'must be a file name in the folder' });

/** manifest.json as scripts/agent-native-build.mjs writes it beside the builds. */
export const nativeManifestSchema = z.object({
  version: z.string().min(1).max(64),
  node: z.string().optional(),
  builds: z.array(z.object({ platform: nativePlatformSchema, arch: nativeArchSchema, format: nativeFormatSchema, file: fileNameSchema })),
});
export type NativeManifest = z.infer<typeof nativeManifestSchema>;
export type NativeManifestBuild = NativeManifest['builds'][number];

/** absent: no manifest at all (nothing built yet), as opposed to a damaged one. */
export type ManifestRead = { manifest: NativeManifest } | { manifest: null; problem: string; absent: boolean };

export const MANIFEST_FILE = 'manifest.json';

/** The folder's manifest, or why there are no native builds (absent, unreadable, malformed). Never throws. */
export async function readNativeManifest(dir: string): Promise<ManifestRead> {
  const file = join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT') return { manifest: null, problem: `${file} does not exist`, absent: true };
    return { manifest: null, problem: `${file} cannot be read (${code})`, absent: false };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { manifest: null, problem: `${file} is not JSON`, absent: false };
  }
  const parsed = nativeManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).slice(0, 3);
    return { manifest: null, problem: `${file} is not a build manifest: ${issues.join('; ')}`, absent: false };
  }
  return { manifest: parsed.data };
}
