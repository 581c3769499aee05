import sharp from 'sharp';

import type { App, Category } from '@shared/api/catalogue';

import type { ApiError } from './factories';
import { multipart, type FilePart } from './multipart';
import type { JsonClient, JsonResponse } from './test-app';

let iconCache: Buffer | null = null;

/** A small real PNG (64 × 64), made once per test file. */
export async function smallPng(): Promise<Buffer> {
  iconCache ??= await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
  return iconCache;
}

/**
 * A large PNG of random colour blocks (`block` px square): it compresses badly, the hard case
 * for the byte limit, yet stays under the 5 MB upload limit.
 */
export async function noisyPng(width: number, height: number, block = 4, channels: 3 | 4 = 3): Promise<Buffer> {
  const w = Math.ceil(width / block);
  const h = Math.ceil(height / block);
  const raw = Buffer.alloc(w * h * channels);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width: w, height: h, channels } })
    .resize(width, height, { kernel: 'nearest' })
    .png()
    .toBuffer();
}

export async function createCategory(api: JsonClient, token: string, name: string): Promise<Category> {
  const res = await api.post<Category>('/catalogue/categories', { category_name: name }, token);
  if (res.status !== 201) throw new Error(`create category failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface AppFields {
  name: string;
  category: number;
  description?: string;
  website?: string;
  file_size_kb?: number;
  winget_id?: string;
  homebrew_cask?: string;
  homebrew_formula?: string;
  apt_package?: string;
  flatpak_id?: string;
  snap_name?: string;
}

/** POST /catalogue/apps as the management form sends it: multipart fields plus an icon file. */
export async function postApp(api: JsonClient, token: string | null, fields: Record<string, string | number>, icon?: FilePart | null) {
  const body = await multipart(
    fields,
    icon === null ? {} : { icon: icon ?? { data: await smallPng(), filename: 'icon.png', type: 'image/png' } },
  );
  return api.request<App & ApiError>({ method: 'POST', url: '/catalogue/apps', payload: body.payload, headers: body.headers, token });
}

export async function createApp(api: JsonClient, token: string, fields: AppFields): Promise<App> {
  const res: JsonResponse<App & ApiError> = await postApp(api, token, {
    description: `${fields.name} does useful things.`,
    website: 'https://example.com/',
    file_size_kb: 1024,
    ...fields,
  });
  if (res.status !== 201) throw new Error(`create app failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
