import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appSchema,
  appsQuerySchema,
  appsResponseSchema,
  catalogueIdParamsSchema,
  categoriesResponseSchema,
  categorySchema,
  createAppFieldsSchema,
  ICON_UPLOAD_MAX_BYTES,
  iconParamsSchema,
  upsertCategoryRequestSchema,
} from '@shared/api/catalogue';
import { successResponseSchema } from '@shared/api/common';
import { ErrorCode } from '@shared/api/errors';
import { AppError, badRequest } from '../errors';
import { imageTooLarge } from '../services/icon-processing';
import { validationFailed } from './request-helpers';

const tags = ['catalogue'];
const admin = [{ bearer: [] }];

/**
 * The app catalogue (SPEC §7 "Catalogue server", DESIGN §5): reads are public, writes need an
 * admin token (401 without one, 403 FORBIDDEN for other users).
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireAdmin = { onRequest: (request: Parameters<typeof app.requireAdmin>[0]) => app.requireAdmin(request) };

  app.get(
    '/catalogue/categories',
    { schema: { tags, summary: 'Every category, with how many apps it has', response: { 200: categoriesResponseSchema } } },
    async () => app.services.catalogue.categories(),
  );

  app.post(
    '/catalogue/categories',
    {
      ...requireAdmin,
      schema: {
        tags,
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
        tags,
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
        tags,
        summary: 'The apps, by name; ?search= (name or description, any case) and ?category= narrow it',
        querystring: appsQuerySchema,
        response: { 200: appsResponseSchema },
      },
    },
    async (request) => app.services.catalogue.apps({ search: request.query.search, categoryId: request.query.category }),
  );

  app.get(
    '/catalogue/apps/:id',
    { schema: { tags, summary: 'One app', params: catalogueIdParamsSchema, response: { 200: appSchema } } },
    async (request) => app.services.catalogue.app(request.params.id),
  );

  app.delete(
    '/catalogue/apps/:id',
    {
      ...requireAdmin,
      schema: {
        tags,
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
    { schema: { tags, summary: "An app's icon (WebP, at most 256 × 256 and 102400 bytes)", params: iconParamsSchema } },
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

/** Multipart is parsed only here, for the one upload route, with limits of its own. */
const appUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: ICON_UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 4096, parts: 21 },
  });

  app.post(
    '/catalogue/apps',
    {
      onRequest: (request) => app.requireAdmin(request),
      bodyLimit: ICON_UPLOAD_MAX_BYTES + 128 * 1024,
      schema: {
        tags,
        summary: 'Add an app (multipart/form-data: the fields and an `icon` image file)',
        security: admin,
        consumes: ['multipart/form-data'],
        response: { 201: appSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the app as multipart/form-data with an icon file');
      }
      const fields: Record<string, string> = {};
      let icon: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'icon') icon = data;
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw imageTooLarge();
        if (error instanceof app.multipartErrors.FilesLimitError) throw badRequest('Send one icon file only.');
        throw error;
      }
      const parsed = createAppFieldsSchema.safeParse(fields);
      if (!parsed.success) throw validationFailed(parsed.error);
      return reply.status(201).send(await app.services.catalogue.createApp(parsed.data, icon));
    },
  );
};
