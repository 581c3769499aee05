import { z } from 'zod';

import { isValidPinnedVersion, PINNED_VERSION_MAX_LENGTH, PINNED_VERSION_MESSAGE } from '../package-ids';
import { appSchema, platformSchema } from './catalogue';
import { MAX_ROW_ID, singleLineText } from './common';

export const listNameSchema = singleLineText('List name', 100, 'List name is required');

/** GET /api/lists: id and name, as the product's API has them; the rest saves the client a call per list. */
export const listSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  appCount: z.number().int(),
  /** Sum of the known file_size_kb of the list's apps. */
  sizeKb: z.number().int(),
  /** How many of its apps have no known size (not counted in sizeKb). */
  unknownSizeCount: z.number().int(),
  /** True when the list is beyond the current plan's limits after a downgrade: a downgrade never deletes, it makes read-only. */
  readOnly: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;
export const listsResponseSchema = z.array(listSummarySchema);

/** One app in a list: the catalogue app plus its place in the list. */
export const listItemSchema = appSchema.extend({
  position: z.number().int(),
  /** Clients read either spelling (file_size_kb or size_kb); both are sent (null when the size is not known). */
  size_kb: z.number().int().nullable(),
  addedAt: z.string(),
  /** One of your own apps (shown as "Your app"): it has no category (0 and ''), description or website. */
  own_app: z.boolean(),
  /** The version installs of this list ask for; updates leave the app at it (docs/pinned-versions.md). Null: not pinned. */
  pinnedVersion: z.string().nullable(),
});
export type ListItem = z.infer<typeof listItemSchema>;

/** GET /api/lists/{id}/items */
export const listItemsResponseSchema = z.object({ items: z.array(listItemSchema) });
export type ListItemsResponse = z.infer<typeof listItemsResponseSchema>;

/** POST /api/lists and PUT /api/lists/{id} answer the list with its apps. */
export const listDetailSchema = listSummarySchema.extend({ apps: z.array(listItemSchema) });
export type ListDetail = z.infer<typeof listDetailSchema>;

export const createListRequestSchema = z.object({ name: listNameSchema });
export const renameListRequestSchema = z.object({ name: listNameSchema });
export const addListItemRequestSchema = z.object({ appId: z.coerce.number().int().positive().max(MAX_ROW_ID) });
export const reorderListItemsRequestSchema = z.object({ appIds: z.array(z.number().int().positive().max(MAX_ROW_ID)).max(1000) });
export const reorderListItemsResponseSchema = z.object({ appIds: z.array(z.number().int()) });

/** A version to pin, held to the one grammar the agent checks again (src/shared/package-ids.ts). */
export const pinnedVersionSchema = z
  .string({ error: 'Version is required' })
  .min(1, 'Version is required')
  .max(PINNED_VERSION_MAX_LENGTH, PINNED_VERSION_MESSAGE)
  .refine(isValidPinnedVersion, PINNED_VERSION_MESSAGE);

/** PUT /api/lists/{id}/items/{appId}/pin: installs of the list ask for this version, updates skip the app. */
export const pinListItemRequestSchema = z.object({ version: pinnedVersionSchema });
export type PinListItemRequest = z.input<typeof pinListItemRequestSchema>;

export const listIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const listItemParamsSchema = z.object({ id: z.string().min(1).max(64), appId: z.coerce.number().int().positive().max(MAX_ROW_ID) });

/**
 * Import and export formats: a winget export (JSON), a winget configuration (YAML), a Brewfile,
 * a list of Flatpak application ids, or plain names one a line.
 */
export const LIST_FORMATS = ['winget', 'winget-configure', 'brewfile', 'flatpak', 'text'] as const;
export const listFormatSchema = z.enum(LIST_FORMATS);
export type ListFormat = z.infer<typeof listFormatSchema>;

/** GET /api/lists/{id}/export?format=…&platform=… */
export const exportListQuerySchema = z.object({
  format: listFormatSchema,
  platform: platformSchema.optional(),
});
