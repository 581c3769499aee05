import { z } from 'zod';

import { packageSource } from '../package-managers';
import { optionalPackageIdsShape, PACKAGE_ID_FIELDS, packageIdsShape, platformSchema, type PackageIdField } from './catalogue';
import { MAX_ROW_ID, multiLineText, singleLineText } from './common';

/**
 * Your own apps: an app the catalogue lacks, added by any user to their own lists. It is a name and
 * one or more package ids, each held to its manager's grammar (src/shared/package-ids.ts) exactly
 * like a catalogue app's, because the agent hands them to a package manager as root. It is private
 * to the account that added it, installs like any other app, and an admin may promote it into the
 * catalogue.
 */

/** How many own apps one account may keep. */
export const MAX_OWN_APPS = 500;

/** POST /api/own-apps and PUT /api/own-apps/{id}: at least one package id. */
export const ownAppRequestSchema = z
  .object({
    name: singleLineText('Name', 100, 'Name is required'),
    ...optionalPackageIdsShape(),
  })
  .refine((app) => PACKAGE_ID_FIELDS.some((field) => app[field] !== null), {
    message: 'Give at least one package id',
    // Shown under the form's first package id field.
    path: ['winget_id'],
  });
export type OwnAppRequest = z.input<typeof ownAppRequestSchema>;

/**
 * POST /api/own-apps with a package id one of your apps has already is refused (409
 * OWN_APP_EXISTS) rather than answered with that app: a person who adds "an app" expects a new
 * one, not to find their entry renamed. The answer names the app and says where it clashes:
 * `details.appId` is its id (to add it to a list instead) and `details[field]` a message for the
 * field that has the id.
 */
export const ownAppExistsMessage = (name: string, field: PackageIdField) =>
  `You already have “${name}” with this ${packageSource(field).label}.`;
export const ownAppExistsFieldMessage = (name: string) => `Your app “${name}” has this id`;

/** One of your apps, as GET /api/own-apps lists it and POST/PUT answer it. */
export const ownAppSchema = z.object({
  app_id: z.number().int(),
  name: z.string(),
  ...packageIdsShape,
  platforms: z.array(platformSchema),
  createdAt: z.string(),
});
export type OwnApp = z.infer<typeof ownAppSchema>;
export const ownAppsResponseSchema = z.object({ apps: z.array(ownAppSchema) });

export const ownAppParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) });

/** POST /api/admin/own-apps/{id}/promote: what a catalogue app has that an own app lacks. */
export const promoteOwnAppRequestSchema = z.object({
  category: z.coerce.number({ error: 'Category is required' }).int().positive('Category is required').max(MAX_ROW_ID),
  description: multiLineText('Description', 1000, 'Description is required'),
  website: z.url({ protocol: /^https?$/, error: 'Website must be an http(s) address' }),
});
export type PromoteOwnAppRequest = z.input<typeof promoteOwnAppRequestSchema>;

/**
 * GET /api/admin/own-apps: what an admin needs to decide on promoting one: its name, package ids
 * and how many lists hold it. Never who added it: a promotion is about the package, and an
 * admin has no need to know which person keeps which apps.
 */
export const adminOwnAppSchema = ownAppSchema.extend({ listCount: z.number().int() });
export type AdminOwnApp = z.infer<typeof adminOwnAppSchema>;
export const adminOwnAppsResponseSchema = z.object({ apps: z.array(adminOwnAppSchema) });
