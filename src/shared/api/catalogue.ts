import { z } from 'zod';

import { isValidPackageId, packageIdMaxLength, packageIdMessage, type PackageIdKind } from '../package-ids';
import {
  PACKAGE_ID_FIELDS,
  packageSource,
  perPackageField,
  platformOfField,
  PLATFORMS,
  type PackageIdField,
  type Platform,
} from '../package-managers';
import { MAX_ROW_ID, multiLineText, singleLineText } from './common';

export { PACKAGE_ID_FIELDS, PLATFORMS, type PackageIdField, type Platform };
export const platformSchema = z.enum(PLATFORMS);

/** A catalogue category, in the API's snake_case field names. */
export const categorySchema = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  /** How many apps are in it (the management screen shows it before a delete). */
  app_count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.array(categorySchema);

/** POST /catalogue/categories: with category_id it renames that category, else it creates one. */
export const upsertCategoryRequestSchema = z.object({
  category_id: z.coerce.number().int().positive().max(MAX_ROW_ID).optional().nullable(),
  category_name: singleLineText('Category name', 80, 'Category name is required.'),
});
export type UpsertCategoryRequest = z.input<typeof upsertCategoryRequestSchema>;

/** One package id field: trimmed, then held to its manager's grammar (src/shared/package-ids.ts). */
function packageIdSchema(kind: PackageIdKind) {
  return z
    .string()
    .trim()
    .max(packageIdMaxLength(kind))
    .refine((id) => isValidPackageId(kind, id), packageIdMessage(kind))
    .nullable();
}

/**
 * The package ids an app is known by, per package manager (src/shared/package-managers.ts). Each
 * is optional; an app is installable on a platform when one of that platform's managers knows it.
 */
export const packageIdsShape = perPackageField((field) => packageIdSchema(packageSource(field).kind));

/** The grammar each package id field is held to. */
export const PACKAGE_ID_KIND_OF: Readonly<Record<PackageIdField, PackageIdKind>> = perPackageField((field) => packageSource(field).kind);

/** Whether a stored id (which may predate the grammar) is one the agent may be sent. */
export function isValidPackageField(field: PackageIdField, id: string): boolean {
  return isValidPackageId(PACKAGE_ID_KIND_OF[field], id);
}

/** Which platform each package id field installs on. */
export const PACKAGE_MANAGER_PLATFORMS: Readonly<Record<PackageIdField, Platform>> = perPackageField(platformOfField);

/** A catalogue app (the API's snake_case fields), plus package ids and the platforms they make it installable on. */
export const appSchema = z.object({
  app_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.number().int(),
  category_name: z.string(),
  website: z.string(),
  /** Null when no package manager states the app's size: then none is shown. */
  file_size_kb: z.number().int().nullable(),
  /** Path of the processed WebP icon (GET returns it; the server serves the file). */
  icon_file_location: z.string().nullable(),
  ...packageIdsShape,
  platforms: z.array(platformSchema),
  /** Who makes it, as its package manager's index names them; empty when unknown. */
  publisher: z.string(),
  /** True when people wrote its entry (description, icon); false when a package manager's index brought it. */
  curated: z.boolean(),
});
export type App = z.infer<typeof appSchema>;
export const appsResponseSchema = z.array(appSchema);

/** Apps per page of a catalogue search, and the most one page may ask for. */
export const CATALOGUE_PAGE_SIZE = 30;
export const CATALOGUE_MAX_PAGE_SIZE = 100;
/** How far a search may page: past this, narrow the search instead. */
export const CATALOGUE_MAX_OFFSET = 100_000;

/** GET /catalogue/search?q=&platform=&category=&offset=&limit= */
export const catalogueSearchQuerySchema = z.object({
  q: singleLineText('Search', 100).optional(),
  platform: platformSchema.optional(),
  category: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  offset: z.coerce.number().int().min(0).max(CATALOGUE_MAX_OFFSET).default(0),
  limit: z.coerce.number().int().min(1).max(CATALOGUE_MAX_PAGE_SIZE).default(CATALOGUE_PAGE_SIZE),
});
export type CatalogueSearchQuery = z.input<typeof catalogueSearchQuerySchema>;

/** One page of a search, best first, with how many apps match in all. */
export const catalogueSearchResponseSchema = z.object({
  apps: z.array(appSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type CatalogueSearchResponse = z.infer<typeof catalogueSearchResponseSchema>;

/** The numeric id in /catalogue/categories/{id} and /catalogue/apps/{id}. */
export const catalogueIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) });
/** GET /catalogue/icons/{appId}.webp */
export const iconParamsSchema = z.object({ appId: z.coerce.number().int().positive().max(MAX_ROW_ID) });

/** The most apps GET /catalogue/apps answers at once: the catalogue holds tens of thousands; /catalogue/search pages them. */
export const CATALOGUE_APPS_MAX = 1000;

/** GET /catalogue/apps?search=&category=&offset=&limit= */
export const appsQuerySchema = z.object({
  search: singleLineText('Search', 100).optional(),
  category: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  offset: z.coerce.number().int().min(0).max(CATALOGUE_MAX_OFFSET).default(0),
  limit: z.coerce.number().int().min(1).max(CATALOGUE_APPS_MAX).default(CATALOGUE_APPS_MAX),
});

/**
 * The text fields of POST /catalogue/apps (multipart; the `icon` file part is checked by the
 * server: an image, at most ICON_UPLOAD_MAX_BYTES). Every field is required, with the product's messages.
 */
const fileSizeKb = z.coerce
  .number({ error: 'File size must be a number of KB' })
  .int('File size must be a whole number of KB')
  .positive('File size must be a number of KB')
  .max(100_000_000, 'File size must be at most 100000000 KB');
export const optionalId = (schema: z.ZodType<string | null>) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.optional().default(null));
/** Every package id field as a form sends it: left empty, absent or null means none. */
export const optionalPackageIdsShape = () => perPackageField((field) => optionalId(packageIdsShape[field]));
export const createAppFieldsSchema = z.object({
  name: singleLineText('Name', 100, 'Name is required'),
  description: multiLineText('Description', 1000, 'Description is required'),
  category: z.coerce
    .number({ error: 'Category is required' })
    .int()
    .positive('Category is required')
    .max(MAX_ROW_ID, 'Category is required'),
  website: z.url({ protocol: /^https?$/, error: 'Website must be an http(s) address' }),
  file_size_kb: fileSizeKb,
  ...optionalPackageIdsShape(),
});
export type CreateAppFields = z.input<typeof createAppFieldsSchema>;

/**
 * PUT /catalogue/apps/{id}: the add form's fields, except that the size may be left empty
 * (unknown, as for most seeded apps without a Debian package); a new app must give one.
 */
export const updateAppFieldsSchema = createAppFieldsSchema.extend({
  file_size_kb: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value),
    fileSizeKb.nullable().optional().default(null),
  ),
});
export type UpdateAppFields = z.input<typeof updateAppFieldsSchema>;

/** Uploads larger than this are refused before processing; the stored icon is ≤ LIMITS.iconMaxBytes. */
export const ICON_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export function platformsOf(ids: Partial<Record<PackageIdField, string | null>>): Platform[] {
  const found = new Set<Platform>();
  for (const field of PACKAGE_ID_FIELDS) if (ids[field]) found.add(PACKAGE_MANAGER_PLATFORMS[field]);
  return PLATFORMS.filter((platform) => found.has(platform));
}

/** One package of an app as a package manager's index has it, and why the catalogue says it is this app. */
export const appSourceSchema = z.object({
  field: z.enum(PACKAGE_ID_FIELDS),
  packageId: z.string(),
  /** The index's own facts. */
  name: z.string(),
  version: z.string(),
  homepage: z.string(),
  licence: z.string(),
  /** Why this package is this app, in words. */
  evidence: z.string(),
  /** When the index stopped listing it; null while it does. */
  goneAt: z.string().nullable(),
});
export type AppSource = z.infer<typeof appSourceSchema>;
/** GET /catalogue/apps/{id}/sources: where the app's package ids come from (empty for an app people wrote alone). */
export const appSourcesResponseSchema = z.object({ sources: z.array(appSourceSchema) });
export type AppSourcesResponse = z.infer<typeof appSourcesResponseSchema>;
