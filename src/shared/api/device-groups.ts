import { z } from 'zod';

import { DEVICE_TAG_MAX, DEVICE_TAG_MESSAGE, DEVICE_TAG_PATTERN } from '../device-tags';
import { isSafeSingleLine, singleLineText } from './common';
import { deviceIdSchema } from './devices';
import { removalCheckSchema } from './removal-checks';

/**
 * Device groups (Annual Premium, "Advanced device management"): a group is a set of machines
 * and the lists they should all have (its desired state). Machines join by hand, by the group's
 * rule, or by enrolling with a registration token made for the group. Drift is how each member
 * differs from the desired state, read from the inventories its agent already reported.
 * docs/device-groups.md tells the whole model.
 */

/** Groups one account may have, and lists one group may hold. */
export const GROUPS_MAX = 50;
export const GROUP_LISTS_MAX = 20;
export const GROUP_NAME_MAX = 60;
export const NAME_PATTERN_MAX = 64;

/** The machines a rule may name: those an agent runs on. */
export const GROUP_RULE_PLATFORMS = ['windows', 'macos', 'linux'] as const;
export type GroupRulePlatform = (typeof GROUP_RULE_PLATFORMS)[number];

/** How a machine came into a group: added by a person, matched by the group's rule, or enrolled with the group's token. */
export const MEMBER_SOURCES = ['hand', 'rule', 'token'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];

export const deviceTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Tag is required')
  .max(DEVICE_TAG_MAX, `A tag must be at most ${DEVICE_TAG_MAX} characters`)
  .regex(DEVICE_TAG_PATTERN, DEVICE_TAG_MESSAGE);

/**
 * A machine matches a rule when it matches every condition the rule gives. The name pattern is
 * the machine's name with `*` standing for any run of characters, any case ("office-*").
 */
export const groupRuleSchema = z
  .object({
    platform: z.enum(GROUP_RULE_PLATFORMS).nullable().default(null),
    namePattern: z
      .string()
      .trim()
      .max(NAME_PATTERN_MAX, `A name pattern must be at most ${NAME_PATTERN_MAX} characters`)
      .refine(isSafeSingleLine, 'A name pattern must not contain line breaks or control characters')
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
    tag: deviceTagSchema.nullable().default(null),
  })
  .refine((rule) => rule.platform !== null || rule.namePattern !== null || rule.tag !== null, {
    message: 'A rule needs a platform, a name pattern or a tag',
  });
export type GroupRule = z.infer<typeof groupRuleSchema>;
export type GroupRuleInput = z.input<typeof groupRuleSchema>;

export const groupNameSchema = singleLineText('Group name', GROUP_NAME_MAX, 'Group name is required');
export const groupIdSchema = z.string().min(1).max(64);
export const groupParamsSchema = z.object({ id: groupIdSchema });
export const groupMemberParamsSchema = z.object({ id: groupIdSchema, deviceId: deviceIdSchema });
export const groupListParamsSchema = z.object({ id: groupIdSchema, listId: z.string().min(1).max(64) });

/** POST /api/groups */
export const createGroupRequestSchema = z.object({
  name: groupNameSchema,
  rule: groupRuleSchema.nullable().default(null),
  removeTakenOut: z.boolean().default(false),
});
export type CreateGroupRequest = z.input<typeof createGroupRequestSchema>;

/** PATCH /api/groups/{id}: what is given changes; `rule: null` drops the rule (its members leave, the others stay). */
export const updateGroupRequestSchema = z
  .object({ name: groupNameSchema.optional(), rule: groupRuleSchema.nullable().optional(), removeTakenOut: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.rule !== undefined || body.removeTakenOut !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateGroupRequest = z.input<typeof updateGroupRequestSchema>;

/** How many members differ from the desired state, in each way (a machine may count in several). */
export const driftCountsSchema = z.object({
  /** Members with any drift. */
  machines: z.number().int(),
  missing: z.number().int(),
  extra: z.number().int(),
  outdated: z.number().int(),
  offPin: z.number().int(),
});
export type DriftCounts = z.infer<typeof driftCountsSchema>;

export const groupSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  rule: z
    .object({ platform: z.enum(GROUP_RULE_PLATFORMS).nullable(), namePattern: z.string().nullable(), tag: z.string().nullable() })
    .nullable(),
  memberCount: z.number().int(),
  listCount: z.number().int(),
  drift: driftCountsSchema,
  /** An app taken out of the group's lists is offered for removal from its members (confirmed once per change); off: it stays. */
  removeTakenOut: z.boolean(),
  createdAt: z.string(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/** GET /api/groups. `available`: the plan includes device groups (otherwise they are read-only and nothing is kept in line). */
export const groupsResponseSchema = z.object({ available: z.boolean(), groups: z.array(groupSummarySchema) });
export type GroupsResponse = z.infer<typeof groupsResponseSchema>;

export const groupMemberSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  platform: z.string(),
  tags: z.array(z.string()),
  source: z.enum(MEMBER_SOURCES),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupListSchema = z.object({ listId: z.string(), listName: z.string(), appCount: z.number().int(), addedAt: z.string() });
export type GroupList = z.infer<typeof groupListSchema>;

/** GET /api/groups/{id} */
export const groupSchema = groupSummarySchema.extend({
  members: z.array(groupMemberSchema),
  lists: z.array(groupListSchema),
});
export type Group = z.infer<typeof groupSchema>;

/** Adding a member or a list: the group and the installations that bring the machines to its lists (none when nothing was missing). */
export const groupChangeResponseSchema = z.object({ group: groupSchema, installationIds: z.array(z.string()) });
export type GroupChangeResponse = z.infer<typeof groupChangeResponseSchema>;

/**
 * How an app on a member differs from the group's lists: `missing` (declared, not installed),
 * `extra` (installed, a catalogue app, declared by none of the machine's groups), `outdated` (a
 * newer version is offered and no pin holds it) or `off_pin` (pinned, another version installed).
 */
export const DRIFT_KINDS = ['missing', 'extra', 'outdated', 'off_pin'] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

export const driftEntrySchema = z.object({
  appId: z.number().int(),
  name: z.string(),
  kind: z.enum(DRIFT_KINDS),
  installedVersion: z.string().nullable(),
  /** The newer version offered (outdated) or the pinned one (off_pin, or missing with a pin). */
  wantedVersion: z.string().nullable(),
  /** When Loadout first saw this difference. */
  since: z.string(),
});
export type DriftEntry = z.infer<typeof driftEntrySchema>;

export const machineDriftSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  platform: z.string(),
  /** When its agent last reported its apps; null: never, so its drift is not known yet. */
  inventoryCheckedAt: z.string().nullable(),
  entries: z.array(driftEntrySchema),
});
export type MachineDrift = z.infer<typeof machineDriftSchema>;

/** Members a drift page holds by default, and at most. */
export const GROUP_DRIFT_PAGE = 50;
export const GROUP_DRIFT_PAGE_MAX = 200;

/** GET /api/groups/{id}/drift?offset=&limit= */
export const groupDriftQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(GROUP_DRIFT_PAGE_MAX).default(GROUP_DRIFT_PAGE),
});
export type GroupDriftQuery = z.input<typeof groupDriftQuerySchema>;

/** One page of a group's members with their drift, drifted ones first, then by name; the counts are the whole group's. */
export const groupDriftResponseSchema = z.object({
  groupId: z.string(),
  counts: driftCountsSchema,
  /** Members in all. */
  total: z.number().int(),
  offset: z.number().int(),
  machines: z.array(machineDriftSchema),
});
export type GroupDriftResponse = z.infer<typeof groupDriftResponseSchema>;

/** GET /api/devices/{id}/drift: one machine against all its groups. */
export const deviceDriftResponseSchema = machineDriftSchema.extend({
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DeviceDriftResponse = z.infer<typeof deviceDriftResponseSchema>;

/** POST /api/groups/{id}/bring-back{,/preview}: every drifted member, or only these. */
export const bringBackRequestSchema = z.object({ deviceIds: z.array(deviceIdSchema).max(1000).optional() });
export type BringBackRequest = z.input<typeof bringBackRequestSchema>;

/**
 * What bringing a machine back in line does: installs what is missing (at its pin), moves
 * off-pin apps to their pin, updates what is out of date. Extra apps are never removed by it:
 * they are listed, and removed one by one after their removal check.
 */
export const bringBackMachineSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  install: z.array(z.object({ appId: z.number().int(), name: z.string(), version: z.string().nullable() })),
  update: z.array(z.object({ appId: z.number().int(), name: z.string(), from: z.string(), to: z.string() })),
  extra: z.array(z.object({ appId: z.number().int(), name: z.string() })),
});
export type BringBackMachine = z.infer<typeof bringBackMachineSchema>;
export const bringBackPreviewSchema = z.object({ machines: z.array(bringBackMachineSchema) });
export type BringBackPreview = z.infer<typeof bringBackPreviewSchema>;
export const bringBackResponseSchema = z.object({ installationIds: z.array(z.string()) });
export type BringBackResponse = z.infer<typeof bringBackResponseSchema>;

/**
 * A removal to confirm: an app taken out of the lists of a group that removes what it no longer
 * declares, and each member that has it, with what its agent said removing it would take.
 * Nothing is removed until the owner confirms, once for the whole change.
 */
export const groupRemovalMachineSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  /** The machine's removal check; its status says whether it answered, and what removing takes or why not. */
  check: removalCheckSchema,
  /** The uninstall made when the removal was confirmed; null before (or when this machine was left out). */
  installationId: z.string().nullable(),
});
export type GroupRemovalMachine = z.infer<typeof groupRemovalMachineSchema>;

export const groupRemovalSchema = z.object({
  id: z.string(),
  appId: z.number().int(),
  appName: z.string(),
  createdAt: z.string(),
  machines: z.array(groupRemovalMachineSchema),
});
export type GroupRemoval = z.infer<typeof groupRemovalSchema>;

/** GET /api/groups/{id}/removals: the removals waiting for the owner, oldest first. */
export const groupRemovalsResponseSchema = z.object({ removals: z.array(groupRemovalSchema) });
export type GroupRemovalsResponse = z.infer<typeof groupRemovalsResponseSchema>;

export const groupRemovalParamsSchema = z.object({ id: groupIdSchema, removalId: z.string().min(1).max(64) });

/** POST /api/groups/{id}/removals/{removalId}/confirm: the app's name, when a machine's removal takes many packages. */
export const confirmGroupRemovalRequestSchema = z.object({ confirmName: z.string().max(200).optional() });
export type ConfirmGroupRemovalRequest = z.input<typeof confirmGroupRemovalRequestSchema>;

/** The uninstalls made, and the machines left out with why (not answered, refused, not installed). */
export const confirmGroupRemovalResponseSchema = z.object({
  installationIds: z.array(z.string()),
  skipped: z.array(z.object({ deviceId: z.string(), deviceName: z.string(), reason: z.string() })),
});
export type ConfirmGroupRemovalResponse = z.infer<typeof confirmGroupRemovalResponseSchema>;
