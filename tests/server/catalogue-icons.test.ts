import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App, Category } from '@shared/api/catalogue';

import { createCategory, noisyPng, postApp } from './helpers/catalogue';
import { registerUser, type RegisteredUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('catalogue icons', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  let category: Category;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.api);
    category = await createCategory(t.api, admin.token, 'Graphics');
  });
  afterAll(async () => {
    await t.close();
  });

  const fields = (name: string) => ({
    name,
    description: `${name} edits pictures.`,
    category: category.category_id,
    website: 'https://example.org',
    file_size_kb: 5000,
  });
  const fetchIcon = (app: App, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: app.icon_file_location ?? '', headers });

  it('turns a large PNG into a WebP within 256 × 256 and 102400 bytes, served from the database', async () => {
    const png = await noisyPng(3000, 2000);
    expect(png.length).toBeGreaterThan(1_000_000);
    const res = await postApp(t.api, admin.token, fields('Noisy'), { data: png, filename: 'noisy.png', type: 'image/png' });
    expect(res.status).toBe(201);

    const icon = await fetchIcon(res.body);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/webp');
    expect(icon.rawPayload.length).toBeLessThanOrEqual(102_400);
    const meta = await sharp(icon.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([256, 171]);
  });

  it('re-compresses an icon whose first WebP is over 102400 bytes', async () => {
    // Random colour and transparency in 10 px blocks: at 256 px every pixel is noise.
    const png = await noisyPng(2560, 2560, 10, 4);
    const plain = await sharp(png).resize(256, 256).webp({ quality: 80 }).toBuffer();
    expect(plain.length).toBeGreaterThan(102_400);
    const res = await postApp(t.api, admin.token, fields('Noisier'), { data: png, filename: 'noisier.png', type: 'image/png' });
    expect(res.status).toBe(201);
    const icon = (await fetchIcon(res.body)).rawPayload;
    expect(icon.length).toBeLessThanOrEqual(102_400);
    const meta = await sharp(icon).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 256, 256, true]);
  });

  it('lets browsers cache an icon for good and revalidate it by ETag', async () => {
    const res = await postApp(t.api, admin.token, fields('Cached'));
    const first = await fetchIcon(res.body);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await fetchIcon(res.body, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/catalogue/icons/987654.webp' })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, and adds nothing', async () => {
    const res = await postApp(t.api, admin.token, fields('Texty'), {
      data: Buffer.from('hello, I am text\n'),
      filename: 'icon.png',
      type: 'image/png',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'INVALID_IMAGE', message: 'The icon must be a PNG, JPEG, WebP, GIF or SVG image.' });
    expect((await t.api.get<App[]>('/catalogue/apps')).body.some((app) => app.name === 'Texty')).toBe(false);
  });

  it('refuses an icon over 5 MB', async () => {
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 7);
    const res = await postApp(t.api, admin.token, fields('Huge'), { data: huge, filename: 'huge.png', type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'IMAGE_TOO_LARGE', message: 'The icon is too large (5 MB at most).' });
    expect((await t.api.get<App[]>('/catalogue/apps')).body.some((app) => app.name === 'Huge')).toBe(false);
  });

  it('requires an icon, and the form as multipart', async () => {
    const res = await postApp(t.api, admin.token, fields('Iconless'), null);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'An icon image is required' });
    const json = await t.api.post<{ code: string }>('/catalogue/apps', fields('Jason'), admin.token);
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('draws an SVG icon at 256 px', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="12" fill="#c00"/></svg>');
    const res = await postApp(t.api, admin.token, fields('Vector'), { data: svg, filename: 'vector.svg', type: 'image/svg+xml' });
    expect(res.status).toBe(201);
    const meta = await sharp((await fetchIcon(res.body)).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });
});
