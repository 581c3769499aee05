import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App, Category } from '@shared/api/catalogue';
import { errorResponseSchema } from '@shared/api/errors';

import { createCategory, smallPng } from './helpers/catalogue';
import { registerUser } from './helpers/factories';
import { multipart } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A body the upload route cannot read is the client's mistake, never a 500. */
describe('POST /catalogue/apps with a body that is not a readable upload', () => {
  let t: TestApp;
  let admin: string;
  let category: Category;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await registerUser(t.api)).token;
    category = await createCategory(t.api, admin, 'Tools');
  });
  afterAll(async () => {
    await t.close();
  });

  const fields = () => ({
    name: 'Paint',
    description: 'Draws things.',
    category: category.category_id,
    website: 'https://example.com/',
    file_size_kb: 10,
  });
  const wellFormed = async () => multipart(fields(), { icon: { data: await smallPng(), filename: 'icon.png', type: 'image/png' } });
  const upload = (payload: Buffer | string, headers: Record<string, string>) =>
    t.api.request({ method: 'POST', url: '/catalogue/apps', payload, headers, token: admin });
  const appNames = async () => (await t.api.get<App[]>('/catalogue/apps')).body.map((app) => app.name);

  const expectRefused = (res: { status: number; body: unknown }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(errorResponseSchema.strict().parse(res.body).code).toBe(code);
  };

  it('answers a truncated multipart body with 400', async () => {
    const body = await wellFormed();
    const res = await upload(body.payload.subarray(0, body.payload.length - 40), body.headers);
    expectRefused(res, 400, 'VALIDATION_ERROR');
    expect(res.body).toMatchObject({ message: 'The upload is not valid multipart/form-data: send the fields and one icon file.' });
    expect(await appNames()).toEqual([]);
  });

  it('answers multipart/form-data without a boundary with 400', async () => {
    const body = await wellFormed();
    expectRefused(await upload(body.payload, { 'content-type': 'multipart/form-data' }), 400, 'VALIDATION_ERROR');
    expectRefused(await upload(body.payload, { 'content-type': 'multipart/form-data; boundary=' }), 400, 'VALIDATION_ERROR');
  });

  it('answers a body of junk under a multipart content type with 400', async () => {
    expectRefused(await upload('this is not multipart', { 'content-type': 'multipart/form-data; boundary=abc' }), 400, 'VALIDATION_ERROR');
    expectRefused(
      await upload('--abc\r\nno headers here', { 'content-type': 'multipart/form-data; boundary=abc' }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('answers 6 MB that is not multipart with 413, however it is labelled', async () => {
    const junk = Buffer.alloc(6 * 1024 * 1024, 'a');
    expectRefused(await upload(junk, { 'content-type': 'multipart/form-data; boundary=abc' }), 413, 'PAYLOAD_TOO_LARGE');
    expectRefused(await upload(junk, { 'content-type': 'application/json' }), 413, 'PAYLOAD_TOO_LARGE');
    expectRefused(await upload(junk, { 'content-type': 'text/plain' }), 413, 'PAYLOAD_TOO_LARGE');
    expectRefused(await upload(junk, { 'content-type': 'application/octet-stream' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a well-formed upload larger than the limit with 413 before reading it', async () => {
    const body = await multipart(fields(), { icon: { data: Buffer.alloc(6 * 1024 * 1024), filename: 'icon.png', type: 'image/png' } });
    expectRefused(await upload(body.payload, body.headers), 413, 'PAYLOAD_TOO_LARGE');
    expect(await appNames()).toEqual([]);
  });

  it('refuses a field longer than the parser keeps instead of storing it cut short', async () => {
    const website = `https://example.com/${'a'.repeat(5000)}`;
    const body = await multipart({ ...fields(), website }, { icon: { data: await smallPng(), filename: 'icon.png', type: 'image/png' } });
    const res = await upload(body.payload, body.headers);
    expectRefused(res, 400, 'VALIDATION_ERROR');
    expect(res.body).toMatchObject({ message: 'A form field is too long (4096 bytes at most).' });
    expect(await appNames()).toEqual([]);
  });

  it('answers more form fields than an app has with 413', async () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra${i}`, 'x']));
    const body = await multipart({ ...fields(), ...many });
    expectRefused(await upload(body.payload, body.headers), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('still adds an app from a well-formed upload', async () => {
    const body = await wellFormed();
    const res = await upload(body.payload, body.headers);
    expect(res.status).toBe(201);
    expect(await appNames()).toEqual(['Paint']);
  });
});
