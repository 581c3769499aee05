import type { Generated, Kysely, Transaction } from 'kysely';

import type { AgentBuildKind, JobKind, ManagerName } from '@shared/agent/protocol';
import type { CatalogueSyncOutcome } from '@shared/api/admin';
import type { DriftKind, GroupRulePlatform, MemberSource } from '@shared/api/device-groups';
import type { AgentUpdateViewState, DeviceType, RegistrationMethod } from '@shared/api/devices';
import type { GenerationKind } from '@shared/api/generations';
import type { ItemStatus, TargetStatus } from '@shared/api/installations';
import type { NotificationKind } from '@shared/api/notifications';
import type { PaymentIntentStatus } from '@shared/api/payment';
import type { ListVisibility } from '@shared/api/shared-lists';
import type { OfflineChoice, PolicyMode, RolloutState, ScheduleCadence } from '@shared/api/update-policies';
import type { PackageIdField, PackageIds } from '@shared/package-managers';

/**
 * Kysely table types. Portable storage conventions (docs/patterns.md): ids are text UUIDs,
 * timestamps are ISO-8601 UTC text (sortable on both databases), booleans are 0/1 integers.
 */
export type Timestamp = string;
export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  career_field: string | null;
  date_of_birth: string | null;
  receive_emails: Flag;
  terms_accepted_at: Timestamp | null;
  is_email_verified: Flag;
  is_admin: Flag;
  google_sub: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One signed-in session: a family of rotated refresh tokens. Revoking it ends the session. */
export interface SessionsTable {
  id: string;
  user_id: string;
  device_id: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set when rotated; presenting it again is reuse and revokes the session. */
  used_at: Timestamp | null;
}

export type EmailTokenPurpose = 'verify' | 'reset' | 'change_email' | 'undo_email_change';

export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  /** The address the link was sent to: verifying it verifies that address only. */
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SubscriptionsTable {
  user_id: string;
  plan: string;
  status: 'active' | 'downgrade';
  pending_plan: string | null;
  valid_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /**
   * queued → sent: handed to SMTP; failed: SMTP refused; logged: no SMTP configured, written to
   * MAIL_DIR. The bodies here have their links' tokens removed (mail/redact.ts).
   */
  status: 'queued' | 'sent' | 'logged' | 'failed';
  error: string | null;
  created_at: Timestamp;
}

/** Small key/value facts about the database itself (e.g. the catalogue seed version applied). */
export interface MetaTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** Catalogue ids are numbers (the API's category_id and app_id): the database numbers them. */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An app has a column per package id field (src/shared/package-managers.ts), each null when none. */
export interface AppsTable extends PackageIds<string | null> {
  id: Generated<number>;
  name: string;
  /** Empty for an own app. */
  description: string;
  /** Null for an own app only: a catalogue app always has a category. */
  category_id: number | null;
  /** Empty for an own app. */
  website: string;
  /** Null when no package manager states a size (resources/catalogue/SOURCES.md): none is shown. */
  file_size_kb: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Null for a catalogue app; the owner's user id for an own app (docs/decisions.md#your-own-apps). */
  owner_user_id: string | null;
  /** Who makes it, as its index names them; empty when unknown. */
  publisher: Generated<string>;
  /** How many install it, in its index's own measure (0 when unknown): ranks search results. */
  popularity: Generated<number>;
  /** 1 when people wrote it (our description and icon), 0 when a package manager's index brought it. */
  curated: Generated<number>;
}

/** One package of a manager's index, and the catalogue app it was mapped to (src/server/services/catalogue-index/). */
export interface AppIndexEntriesTable {
  field: PackageIdField;
  package_id: string;
  app_id: number | null;
  name: string;
  homepage: string;
  publisher: string;
  licence: string;
  version: string;
  popularity: number;
  /** Why this package is that app, in words a reader can check. */
  evidence: string;
  seen_at: Timestamp;
  /** When a sync no longer found it in the index; null while the index has it. */
  gone_at: Timestamp | null;
}

/** One reading of a manager's index by the catalogue sync, for the admin console (services/catalogue-index/catalogue-sync.service.ts). */
export interface CatalogueSyncRunsTable {
  id: string;
  index_name: string;
  source: string;
  outcome: CatalogueSyncOutcome;
  created: number;
  linked: number;
  changed: number;
  gone: number;
  /** JSON: a few names of the apps made, changed and marked gone. */
  examples: string;
  error: string | null;
  started_at: Timestamp;
  finished_at: Timestamp;
}

/** The processed WebP icon of an app, in the database so that every server process can serve it. */
export interface AppIconsTable {
  app_id: number;
  webp: Buffer;
  /** SHA-256 of `webp`, hex: the ETag and the cache-busting part of the icon's URL. */
  sha256: string;
  created_at: Timestamp;
}

export interface ListsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** How a list is shared (docs/decisions.md, "Shared lists"); no row means private. */
export interface ListSharesTable {
  list_id: string;
  visibility: ListVisibility;
  /** 256 random bits, base64url; null while private (sharing again makes a new one). */
  share_id: string | null;
  description: string;
  category_id: number | null;
  copy_count: number;
  /** When the current link was made; null while private. */
  shared_at: Timestamp | null;
}

export interface ListItemsTable {
  list_id: string;
  app_id: number;
  position: number;
  added_at: Timestamp;
  /** The version installs ask for and updates keep (docs/pinned-versions.md); null: not pinned. */
  pinned_version: string | null;
}

export type FeedbackType = 'bug' | 'suggestion' | 'other';

export interface FeedbackTable {
  id: string;
  /** Null once the account is deleted: the feedback itself stays. */
  user_id: string | null;
  type: FeedbackType;
  message: string;
  email: string | null;
  user_agent: string;
  url: string;
  /** When the client says it was written (the payload's timestamp); created_at is when the server stored it. */
  client_timestamp: string;
  created_at: Timestamp;
}

/** A browser or an enrolled machine of one account. device_id is the client's id (dev_…). */
export interface DevicesTable {
  id: string;
  user_id: string;
  device_id: string;
  device_name: string;
  platform: string;
  device_type: DeviceType;
  registration_method: RegistrationMethod;
  /** JSON array of capability names. */
  capabilities: string;
  is_active: Flag;
  is_admin: Flag;
  hardware_fingerprint: string | null;
  arch: string | null;
  agent_version: string | null;
  location: string | null;
  /** SHA-256 of the enrolled agent's credential; only honoured while the device is active. */
  credential_hash: string | null;
  /** SHA-256 of a registered browser's device secret: what binds a sign-in's session to this device. */
  secret_hash: string | null;
  /** When this activation began (reset when a deactivated device registers again). */
  created_at: Timestamp;
  last_active_at: Timestamp | null;
  /** What prompted the browser's last activity update: interval, visible, hidden, load or unload. */
  last_activity_event: string | null;
  deactivated_at: Timestamp | null;
  /** device_id of the device that deactivated it. */
  deactivated_by: string | null;
  /** When the agent last reported its inventory. */
  inventory_checked_at: Timestamp | null;
  /** JSON array of the package managers the agent found (its hello). */
  managers: string | null;
  /** When the agent last said it was connected (hello, heartbeat); null once it disconnected. */
  agent_seen_at: Timestamp | null;
  /** When the owner was told the machine had not reported for a day (advanced monitoring). */
  silence_alerted_at: Timestamp | null;
  /** When another agent last connected with this device's credential, and from where. */
  duplicate_agent_at: string | null;
  duplicate_agent_from: string | null;
  /** What kind of program the agent said it is (hello's build: native, script, desktop); null for older agents. */
  agent_build: AgentBuildKind | null;
  /**
   * The agent's self-update: its last update.status (downloading, installing, restarting, failed,
   * rolled-back), or `held` when the administrator holds updates and a newer build exists.
   */
  agent_update_state: AgentUpdateViewState | null;
  agent_update_version: string | null;
  agent_update_message: string | null;
  agent_update_at: Timestamp | null;
  /** JSON array of the tags its agent reported (device groups' rules match them); null before any. */
  tags: string | null;
  /** The IANA zone its agent reported: update policies' windows open on this clock. Null before any. */
  time_zone: string | null;
}

/** A registration code: stored hashed for lookup and encrypted so the owner can copy it again. */
export interface DeviceTokensTable {
  id: string;
  user_id: string;
  code_hash: string;
  code_encrypted: string;
  max_uses: number;
  uses: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The device group a machine enrolled with this token joins; null: none (or the group was deleted). */
  group_id: string | null;
}

export interface DeviceEventsTable {
  id: string;
  user_id: string;
  device_id: string;
  device_name: string;
  type: string;
  actor_device_id: string | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface LogoutNotificationsTable {
  id: string;
  user_id: string;
  device_id: string;
  device_name: string;
  reason: string;
  shown: Flag;
  created_at: Timestamp;
}

export interface InstallationsTable {
  id: string;
  user_id: string;
  kind: JobKind;
  list_id: string | null;
  list_name: string | null;
  idempotency_key: string | null;
  /** A rollback's: the number of the machine's generation it returns to; null otherwise. */
  rollback_to: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** One device's job within an installation. */
export interface InstallationTargetsTable {
  id: string;
  installation_id: string;
  user_id: string;
  device_row_id: string;
  status: TargetStatus;
  reason: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** "When the machine next starts or connects": sent only on a connection that began after this; null for any connection. */
  not_before: Timestamp | null;
}

/** One app on one device. */
export interface InstallationItemsTable {
  id: string;
  target_id: string;
  installation_id: string;
  position: number;
  app_id: number;
  app_name: string;
  /** JSON: the app's package ids (the protocol's job packages); read through readStoredJob (installations.repository.ts). */
  packages: string;
  /** The list item's pin when the installation was made: the agent installs this version and holds it. */
  pinned_version: string | null;
  status: ItemStatus;
  manager: ManagerName | null;
  version: string | null;
  exit_code: number | null;
  message: string | null;
  log: string | null;
  updated_at: Timestamp;
  /** A confirmed uninstall: JSON array of the other packages its removal may take. */
  also_remove: string | null;
  /** A confirmed uninstall that also removes the app's settings: 1; every other item 0. */
  purge: number;
}

/** "What would uninstalling this app remove?", asked of a device's agent and answered once. */
export interface RemovalChecksTable {
  id: string;
  user_id: string;
  device_row_id: string;
  app_id: number;
  status: 'pending' | 'answered';
  /** JSON: the agent's removal.plan without its type and checkId. */
  plan: string | null;
  created_at: string;
  answered_at: string | null;
}

/** A person's search of one device's package managers (searching a machine). */
export interface DeviceSearchesTable {
  id: string;
  user_id: string;
  device_row_id: string;
  query: string;
  status: 'searching' | 'done' | 'superseded';
  /** JSON array of the managers the agent named in its hello when the search started. */
  managers: string;
  created_at: string;
  finished_at: string | null;
}

/** What one manager of the device found for a search, as its agent answered (once). */
export interface DeviceSearchResultsTable {
  search_id: string;
  manager: string;
  /** JSON array: id, name, version?, description?, cask?. */
  results: string;
  /** 1 when more matched than were kept, or the manager's output was cut. */
  truncated: number;
  error: string | null;
  created_at: string;
}

export interface DeviceInventoryTable {
  device_row_id: string;
  manager: ManagerName;
  package_id: string;
  installed_version: string;
  available_version: string | null;
  /** 1 when the newer version is a security update (only apt tells). */
  available_security: Flag;
}

/**
 * An update that ran and left the app where it was (or that its manager kept back): the newer
 * version is not offered again on this machine until something changes (held-updates.repository.ts).
 */
export interface HeldUpdatesTable {
  device_row_id: string;
  manager: ManagerName;
  package_id: string;
  installed_version: string;
  available_version: string;
  message: string;
  since: Timestamp;
}

/** A machine's agent connected or reported its inventory (advanced monitoring, premium). */
export interface DeviceCheckInsTable {
  id: string;
  user_id: string;
  device_row_id: string;
  kind: 'connected' | 'inventory';
  agent_version: string | null;
  /** Inventory check-ins: how many catalogue packages were installed, and how many out of date. */
  apps: number | null;
  outdated: number | null;
  /** JSON array of the versions that changed since the inventory before (at most CHECK_IN_CHANGES_KEPT). */
  changes: string | null;
  /** How many changed in all, when more than were kept. */
  changes_total: number | null;
  created_at: Timestamp;
}

/** One app an agent finished installing, upgrading or uninstalling on a device (the update history). */
export interface UpdateHistoryTable {
  id: string;
  user_id: string;
  device_row_id: string;
  device_name: string;
  app_id: number;
  app_name: string;
  list_id: string | null;
  list_name: string | null;
  installation_id: string;
  kind: JobKind;
  outcome: 'succeeded' | 'failed' | 'skipped';
  manager: ManagerName | null;
  version_before: string | null;
  version_after: string | null;
  message: string | null;
  created_at: Timestamp;
}

/** A personal API key (premium). Only its SHA-256 is kept; last_four is for the list. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  key_hash: string;
  last_four: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  plan: string;
  amount: number;
  currency: string;
  provider: string;
  provider_intent_id: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  failure_message: string | null;
  /** SHA-256 of the client secret. */
  client_secret_hash: string;
  idempotency_key: string | null;
  created_at: Timestamp;
  completed_at: Timestamp | null;
  /** When the payment changed the plan (once). */
  used_at: Timestamp | null;
  verify_idempotency_key: string | null;
}

export interface SandboxPaymentIntentsTable {
  id: string;
  client_secret_hash: string;
  amount: number;
  currency: string;
  status: PaymentIntentStatus;
  /** JSON object of strings. */
  metadata: string;
  last_error_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An Idempotency-Key of a sandbox confirm: the first answer, replayed to the same request. */
export interface SandboxIdempotencyKeysTable {
  user_id: string;
  idempotency_key: string;
  /** SHA-256 of the request (it holds a card number, which is never stored). */
  request_hash: string;
  /** JSON: the first answer. */
  response: string;
  created_at: Timestamp;
}

export interface WebhookEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: Timestamp;
}

/**
 * An update policy (premium): of the account (no target), a device group, a machine (device_row_id)
 * or a list. Its window opens at `time` on each machine's own clock.
 */
export interface UpdatePoliciesTable {
  id: string;
  user_id: string;
  device_row_id: string | null;
  group_id: string | null;
  list_id: string | null;
  mode: PolicyMode;
  cadence: ScheduleCadence;
  weekday: number | null;
  /** HH:MM on the machine's clock. */
  time: string;
  /** The zone of machines that have not reported theirs. */
  time_zone: string;
  window_minutes: number;
  offline: OfflineChoice;
  /** JSON array of rings ({ groupId, percent }); null: no rings, everyone at once. */
  rings: string | null;
  soak_hours: number;
  /** Percent of a ring's finished updates that may fail before its rollout stops. */
  failure_threshold: number;
  last_run_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Apps a policy never updates. */
export interface UpdatePolicyExceptionsTable {
  policy_id: string;
  app_id: number;
}

/** One new version of an app going through a policy's rings. */
export interface PolicyRolloutsTable {
  id: string;
  policy_id: string;
  user_id: string;
  app_id: number;
  version: string;
  state: RolloutState;
  ring: number;
  ring_opened_at: Timestamp;
  /** JSON array: when each ring opened so far. */
  opened: string;
  stopped_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A machine a rollout sent its version to, in its ring, and what came of it. */
export interface PolicyRolloutMachinesTable {
  rollout_id: string;
  device_row_id: string;
  ring: number;
  installation_id: string;
  outcome: 'sent' | 'succeeded' | 'failed';
  message: string | null;
  updated_at: Timestamp;
}

/** One window of a policy that sent (or found nothing to send) to one machine. */
export interface UpdatePolicyRunsTable {
  policy_id: string;
  device_row_id: string;
  window_opens_at: Timestamp;
  installation_id: string | null;
  created_at: Timestamp;
}

/** Keep in sync: a device (its row) follows a list. */
export interface ListFollowersTable {
  list_id: string;
  device_row_id: string;
  user_id: string;
  /** Also uninstall apps removed from the list. */
  uninstall_removed: Flag;
  created_at: Timestamp;
}

/** One entry of a user's notification centre (premium). */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A route of the web app, or null. */
  link: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
  /** updates_available: the device it is about (else null). */
  device_row_id: string | null;
  /** updates_available: a JSON array of the catalogue app ids it told of (else null). */
  app_ids: string | null;
}

/** A user's notification switches (no row: all on) and the last update digest. */
export interface NotificationSettingsTable {
  user_id: string;
  failure_mails: Flag;
  update_digest: Flag;
  priority_mails: Flag;
  in_app: Flag;
  last_digest_at: Timestamp | null;
  /** SHA-256 of what the last digest listed. */
  last_digest_hash: string | null;
  updated_at: Timestamp;
}

/** An available update a premium user was already told about (device, app, version). */
export interface UpdateAlertsTable {
  device_row_id: string;
  app_id: number;
  available_version: string;
  created_at: Timestamp;
}

export interface SchedulerLeasesTable {
  name: string;
  holder: string;
  expires_at: Timestamp;
}

/** A device group (annual premium); its rule's conditions are null when not named. */
export interface DeviceGroupsTable {
  id: string;
  user_id: string;
  name: string;
  rule_platform: GroupRulePlatform | null;
  rule_name_pattern: string | null;
  rule_tag: string | null;
  /** 1: an app taken out of the group's lists becomes a removal to confirm on the members that have it. */
  remove_taken_out: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DeviceGroupMembersTable {
  group_id: string;
  device_row_id: string;
  user_id: string;
  source: MemberSource;
  joined_at: Timestamp;
}

/** A list in a group's desired state. */
export interface DeviceGroupListsTable {
  group_id: string;
  list_id: string;
  user_id: string;
  added_at: Timestamp;
}

/** How one app on a machine differs from its groups' lists, since Loadout first saw it so. */
export interface DeviceDriftTable {
  device_row_id: string;
  app_id: number;
  user_id: string;
  kind: DriftKind;
  installed_version: string | null;
  wanted_version: string | null;
  since: Timestamp;
}

/** A machine's apps and versions after one change Loadout made (JSON columns read with zod). */
export interface DeviceGenerationsTable {
  id: string;
  device_row_id: string;
  user_id: string;
  number: number;
  kind: GenerationKind;
  installation_id: string | null;
  rolled_back_to: number | null;
  apps: string;
  changes: string;
  created_at: Timestamp;
}

/** An app taken out of a group's lists, to be removed from its members once the owner confirms. */
export interface GroupRemovalsTable {
  id: string;
  user_id: string;
  group_id: string;
  app_id: number;
  status: 'open' | 'confirmed' | 'kept';
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

/** A member a group removal concerns: its removal check, and the uninstall once confirmed. */
export interface GroupRemovalMachinesTable {
  removal_id: string;
  device_row_id: string;
  check_id: string;
  installation_id: string | null;
}

/** An account's webhook endpoint: where its events are posted, signed with a secret kept sealed. */
export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  description: string;
  /** JSON array of WebhookEventType. */
  events: string;
  secret_sealed: string;
  enabled: number;
  disabled_reason: string | null;
  failing_since: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One event posted to one endpoint: pending until it succeeds or its day of retries ends. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  user_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: Timestamp | null;
  response_status: number | null;
  replay_of: string | null;
  created_at: Timestamp;
}

/** One try at a delivery and what came back. */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  at: Timestamp;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number;
}

export interface Database {
  meta: MetaTable;
  categories: CategoriesTable;
  apps: AppsTable;
  app_icons: AppIconsTable;
  app_index_entries: AppIndexEntriesTable;
  catalogue_sync_runs: CatalogueSyncRunsTable;
  lists: ListsTable;
  list_items: ListItemsTable;
  list_shares: ListSharesTable;
  feedback: FeedbackTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  subscriptions: SubscriptionsTable;
  outbox: OutboxTable;
  devices: DevicesTable;
  device_tokens: DeviceTokensTable;
  device_events: DeviceEventsTable;
  logout_notifications: LogoutNotificationsTable;
  installations: InstallationsTable;
  installation_targets: InstallationTargetsTable;
  installation_items: InstallationItemsTable;
  device_inventory: DeviceInventoryTable;
  update_history: UpdateHistoryTable;
  device_check_ins: DeviceCheckInsTable;
  removal_checks: RemovalChecksTable;
  device_searches: DeviceSearchesTable;
  device_search_results: DeviceSearchResultsTable;
  api_keys: ApiKeysTable;
  payments: PaymentsTable;
  sandbox_payment_intents: SandboxPaymentIntentsTable;
  sandbox_idempotency_keys: SandboxIdempotencyKeysTable;
  webhook_events: WebhookEventsTable;
  scheduler_leases: SchedulerLeasesTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  update_alerts: UpdateAlertsTable;
  list_followers: ListFollowersTable;
  update_policies: UpdatePoliciesTable;
  update_policy_exceptions: UpdatePolicyExceptionsTable;
  update_policy_runs: UpdatePolicyRunsTable;
  policy_rollouts: PolicyRolloutsTable;
  policy_rollout_machines: PolicyRolloutMachinesTable;
  device_groups: DeviceGroupsTable;
  device_group_members: DeviceGroupMembersTable;
  device_group_lists: DeviceGroupListsTable;
  device_drift: DeviceDriftTable;
  device_generations: DeviceGenerationsTable;
  held_updates: HeldUpdatesTable;
  group_removals: GroupRemovalsTable;
  group_removal_machines: GroupRemovalMachinesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

/** What a repository function takes first: the database or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;
