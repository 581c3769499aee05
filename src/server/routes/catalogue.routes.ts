import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  appSchema,
  appSourcesResponseSchema,
  appsQuerySchema,
  appsResponseSchema,
  catalogueIdParamsSchema,
  catalogueSearchQuerySchema,
  catalogueSearchResponseSchema,
  categoriesResponseSchema,
  categorySchema,
  createAppFieldsSchema,
  ICON_UPLOAD_MAX_BYTES,
  iconParamsSchema,
  updateAppFieldsSchema,
  upsertCategoryRequestSchema,
} from '@shared/api/catalogue';
import { successResponseSchema } from '@shared/api/common';
import { ErrorCode } from '@shared/api/errors';

import { AppError, badRequest } from '../errors';
import { imageTooLarge } from '../services/icon-processing';
import { validationFailed } from './request-helpers';

const tags = ['catalogue'];
/** Writes: admins only, so unlisted in the public API document (plugins/api-docs.ts). */
const adminTags = ['catalogue', 'admin'];
const admin = [{ bearer: [] }];

/**
 * The app catalogue (docs/decisions.md#the-catalogue): reads are public, writes need an
 * admin token (401 without one, 403 FORBIDDEN for other users).
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireAdmin = { onRequest: (request: Parameters<typeof app.requireAdmin>[0]) => app.requireAdmin(request) };

  app.get(
    '/catalogue/categories',
    {
      schema: {
        operationId: 'listCategories',
        security: [],
        tags,
        summary: 'Every category, with how many apps it has',
        response: { 200: categoriesResponseSchema },
      },
    },
    async () => app.services.catalogue.categories(),
  );

  app.post(
    '/catalogue/categories',
    {
      ...requireAdmin,
      schema: {
        operationId: 'saveCategory',
        'x-errors': [409],
        tags: adminTags,
        summary: 'Create a category, or rename one when category_id is given',
        security: admin,
        body: upsertCategoryRequestSchema,
        response: { 200: categorySchema, 201: categorySchema },
      },
    },
    async (request, reply) => {
      const { category, created } = await app.services.catalogue.upsertCategory(request.body);
      return reply.status(created ? 201 : 200).send(category);
    },
  );

  app.delete(
    '/catalogue/categories/:id',
    {
      ...requireAdmin,
      schema: {
        operationId: 'deleteCategory',
        'x-errors': [409],
        tags: adminTags,
        summary: 'Delete an empty category (409 CATEGORY_NOT_EMPTY while it has apps)',
        security: admin,
        params: catalogueIdParamsSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await app.services.catalogue.deleteCategory(request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/catalogue/apps',
    {
      schema: {
        operationId: 'listCatalogueApps',
        security: [],
        tags,
        summary:
          'The apps, by name, at most 1,000 from ?offset=; ?search= (name or description, any case) and ?category= narrow it (GET /catalogue/search ranks and pages)',
        querystring: appsQuerySchema,
        response: { 200: appsResponseSchema },
      },
    },
    async (request) =>
      app.services.catalogue.apps({
        search: request.query.search,
        categoryId: request.query.category,
        offset: request.query.offset,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/catalogue/search',
    {
      schema: {
        operationId: 'searchCatalogue',
        security: [],
        tags,
        summary:
          'One page of apps, best first: every word of ?q= in the name, a package id, the publisher or the description (word starts and small typing mistakes count); ?platform= and ?category= narrow it',
        querystring: catalogueSearchQuerySchema,
        response: { 200: catalogueSearchResponseSchema },
      },
    },
    async (request) => app.services.catalogue.search(request.query),
  );

  app.get(
    '/catalogue/apps/:id',
    {
      schema: {
        operationId: 'getCatalogueApp',
        security: [],
        tags,
        summary: 'One app',
        params: catalogueIdParamsSchema,
        response: { 200: appSchema },
      },
    },
    async (request) => app.services.catalogue.app(request.params.id),
  );

  app.get(
    '/catalogue/apps/:id/sources',
    {
      schema: {
        operationId: 'getCatalogueAppSources',
        security: [],
        tags,
        summary: "Where an app's package ids come from: each package manager index's package mapped to it, with the evidence",
        params: catalogueIdParamsSchema,
        response: { 200: appSourcesResponseSchema },
      },
    },
    async (request) => app.services.catalogue.sources(request.params.id),
  );

  app.put(
    '/catalogue/apps/:id',
    {
      ...requireAdmin,
      schema: {
        operationId: 'updateCatalogueApp',
        'x-errors': [409],
        tags: adminTags,
        summary: "Change an app's fields (JSON, as when adding it, without the icon, which stays; file_size_kb may be null: unknown)",
        security: admin,
        params: catalogueIdParamsSchema,
        body: updateAppFieldsSchema,
        response: { 200: appSchema },
      },
    },
    async (request) => app.services.catalogue.updateApp(request.params.id, request.body),
  );

  app.delete(
    '/catalogue/apps/:id',
    {
      ...requireAdmin,
      schema: {
        operationId: 'deleteCatalogueApp',
        tags: adminTags,
        summary: 'Delete an app; it leaves every list it was in',
        security: admin,
        params: catalogueIdParamsSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await app.services.catalogue.deleteApp(request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/catalogue/icons/:appId.webp',
    {
      schema: {
        operationId: 'getAppIcon',
        security: [],
        tags,
        summary: "An app's icon (WebP, at most 256 × 256 and 102400 bytes)",
        params: iconParamsSchema,
      },
    },
    async (request, reply) => {
      const icon = await app.services.catalogue.icon(request.params.appId);
      const etag = `"${icon.sha256}"`;
      // An app's icon never changes under its id (ids are not reused) and the URL carries the hash.
      void reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/webp').send(icon.webp);
    },
  );

  await app.register(appUploadRoutes);
};

/** Busboy cuts a longer field short; the route refuses it rather than store a truncated value. */
const FIELD_MAX_BYTES = 4096;
/** The whole upload: one icon and the form fields, with room for the multipart framing. */
const UPLOAD_BODY_LIMIT = ICON_UPLOAD_MAX_BYTES + 128 * 1024;

/**
 * The form, for the OpenAPI document (and the tests that walk it). A multipart request has no
 * parsed body to check: the route attaches, not enforces, validation and reads the parts itself.
 */
const uploadFormSchema = createAppFieldsSchema.extend({ icon: z.file().describe('PNG, JPEG, WebP, GIF or SVG, 5 MB at most') });

/** Multipart is parsed only here, for the one upload route, with limits of its own. */
const appUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: ICON_UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: FIELD_MAX_BYTES, parts: 21 },
  });

  app.post(
    '/catalogue/apps',
    {
      onRequest: (request) => app.requireAdmin(request),
      bodyLimit: UPLOAD_BODY_LIMIT,
      attachValidation: true,
      schema: {
        operationId: 'createCatalogueApp',
        'x-errors': [409, 413],
        tags: adminTags,
        summary: 'Add an app (multipart/form-data: the fields and an `icon` image file)',
        security: admin,
        consumes: ['multipart/form-data'],
        body: uploadFormSchema,
        response: { 201: appSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the app as multipart/form-data with an icon file');
      }
      // The multipart parser reads the body as a stream, past Fastify's bodyLimit: a body
      // declared larger is refused before a byte of it is read.
      if (Number(request.headers['content-length'] ?? 0) > UPLOAD_BODY_LIMIT) throw payloadTooLarge();
      const fields: Record<string, string> = {};
      let icon: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'icon') icon = data;
          } else if (part.valueTruncated || part.fieldnameTruncated) {
            throw badRequest(`A form field is too long (${FIELD_MAX_BYTES} bytes at most).`);
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        throw uploadError(app, request.log, error);
      }
      const parsed = createAppFieldsSchema.safeParse(fields);
      if (!parsed.success) throw validationFailed(parsed.error);
      return reply.status(201).send(await app.services.catalogue.createApp(parsed.data, icon));
    },
  );
};

const payloadTooLarge = () =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The upload is too large (an icon of 5 MB at most and the form fields).');

/**
 * What a failed read of the upload tells the client. Anything the parser throws is about the
 * body the client sent (truncated, no boundary, malformed part headers…): a 400, never a 500.
 */
function uploadError(app: FastifyInstance, log: FastifyBaseLogger, error: unknown): AppError {
  const errors = app.multipartErrors;
  if (error instanceof AppError) return error;
  if (error instanceof errors.RequestFileTooLargeError) return imageTooLarge();
  if (error instanceof errors.FilesLimitError) return badRequest('Send one icon file only.');
  if (error instanceof errors.PartsLimitError || error instanceof errors.FieldsLimitError) return payloadTooLarge();
  log.info({ err: error }, 'unreadable multipart upload');
  return badRequest('The upload is not valid multipart/form-data: send the fields and one icon file.');
}
