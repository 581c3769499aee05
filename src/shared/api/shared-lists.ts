import { z } from 'zod';

import { appSchema, platformSchema } from './catalogue';
import { MAX_ROW_ID, multiLineText, singleLineText } from './common';

/**
 * Shared lists (docs/decisions.md, "Shared lists"): private (the default: only its owner),
 * unlisted (anyone with the link) or public (also in the gallery). A shared list's public
 * answers carry nothing about its owner.
 */
export const LIST_VISIBILITIES = ['private', 'unlisted', 'public'] as const;
export const listVisibilitySchema = z.enum(LIST_VISIBILITIES);
export type ListVisibility = z.infer<typeof listVisibilitySchema>;

/** A share id: 256 random bits as base64url (43 characters). Anything else is no link of ours. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const SHARED_LIST_DESCRIPTION_MAX = 500;

/** PUT /api/lists/{id}/sharing */
export const setSharingRequestSchema = z.object({
  visibility: listVisibilitySchema,
  /** Shown on the shared page and the gallery card; kept as it was when left out. */
  description: multiLineText('Description', SHARED_LIST_DESCRIPTION_MAX).optional(),
  /** A catalogue category for the gallery's filter; null clears it, left out keeps it. */
  categoryId: z.number().int().positive().max(MAX_ROW_ID).nullable().optional(),
});
export type SetSharingRequest = z.input<typeof setSharingRequestSchema>;

/** GET and PUT /api/lists/{id}/sharing: what the owner sees. */
export const sharingSchema = z.object({
  visibility: listVisibilitySchema,
  /** Null while private. */
  shareId: z.string().nullable(),
  /** The page anyone with the link opens; null while private. */
  shareUrl: z.string().nullable(),
  description: z.string(),
  categoryId: z.number().int().nullable(),
  /** How many times the list was copied into someone's lists (the owner's own copies too). */
  copyCount: z.number().int(),
  sharedAt: z.string().nullable(),
});
export type Sharing = z.infer<typeof sharingSchema>;

export const shareIdParamsSchema = z.object({ shareId: z.string().max(200) });

/** GET /api/shared-lists/{shareId}: what anyone with the link sees. Nothing about the owner. */
export const sharedListSchema = z.object({
  shareId: z.string(),
  visibility: z.enum(['unlisted', 'public']),
  name: z.string(),
  description: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  /** The platforms at least one of its apps can be installed on. */
  platforms: z.array(platformSchema),
  copyCount: z.number().int(),
  sharedAt: z.string(),
  /**
   * Each app with its package ids, whether the sharer added it themselves (not a catalogue app:
   * a copy makes it the copier's own app) and the version it is pinned at, which a copy keeps.
   */
  apps: z.array(appSchema.extend({ own_app: z.boolean(), pinnedVersion: z.string().nullable() })),
});
export type SharedList = z.infer<typeof sharedListSchema>;

export const GALLERY_SORTS = ['newest', 'copies'] as const;
export const GALLERY_PAGE_SIZE = 24;

/** GET /api/gallery?search=&category=&sort=&page= */
export const galleryQuerySchema = z.object({
  search: singleLineText('Search', 100).optional(),
  category: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  sort: z.enum(GALLERY_SORTS).default('newest'),
  page: z.coerce.number().int().positive().max(10_000).default(1),
});
export type GalleryQuery = z.input<typeof galleryQuerySchema>;

/** One card of the gallery. */
export const galleryCardSchema = sharedListSchema.omit({ apps: true, visibility: true }).extend({ appCount: z.number().int() });
export type GalleryCard = z.infer<typeof galleryCardSchema>;

export const galleryResponseSchema = z.object({
  items: z.array(galleryCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;
