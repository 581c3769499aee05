import { z } from 'zod';

import { deviceIdSchema } from './devices';

/**
 * Keep in sync (premium): a device follows a list. Starting to follow installs the list there;
 * an app added to the list later is installed on every follower, and one removed is uninstalled
 * where the follower chose `uninstallRemoved`.
 */

/** One device following a list, with its option. */
export const listFollowerSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  platform: z.string(),
  uninstallRemoved: z.boolean(),
  since: z.string(),
});
export type ListFollower = z.infer<typeof listFollowerSchema>;

/** GET /api/lists/{id}/followers */
export const listFollowersResponseSchema = z.object({ listId: z.string(), followers: z.array(listFollowerSchema) });
export type ListFollowersResponse = z.infer<typeof listFollowersResponseSchema>;

export const listFollowerParamsSchema = z.object({ id: z.string().min(1).max(64), deviceId: deviceIdSchema });

/** PUT /api/lists/{id}/followers/{deviceId}: follow, or change the option. */
export const followListRequestSchema = z.object({ uninstallRemoved: z.boolean().default(false) });
export type FollowListRequest = z.input<typeof followListRequestSchema>;

export const followListResponseSchema = z.object({
  follower: listFollowerSchema,
  /** The installation of the list's apps that starting to follow created; null when it already followed or the list is empty. */
  installationId: z.string().nullable(),
});
export type FollowListResponse = z.infer<typeof followListResponseSchema>;

/** GET /api/devices/{id}/followed-lists: the lists a device keeps in sync with. */
export const followedListSchema = z.object({ listId: z.string(), listName: z.string(), uninstallRemoved: z.boolean() });
export type FollowedList = z.infer<typeof followedListSchema>;
export const followedListsResponseSchema = z.object({ lists: z.array(followedListSchema) });
export type FollowedListsResponse = z.infer<typeof followedListsResponseSchema>;
