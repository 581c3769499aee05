import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';

import { migration0001Accounts } from './migrations/0001-accounts';
import { migration0002CatalogueLists } from './migrations/0002-catalogue-lists';
import { migration0003Devices } from './migrations/0003-devices';
import { migration0004Installations } from './migrations/0004-installations';
import { migration0005DeviceActivityEvent } from './migrations/0005-device-activity-event';
import { migration0006Payments } from './migrations/0006-payments';
import { migration0007ApiKeys } from './migrations/0007-api-keys';
import { migration0008UpdateHistory } from './migrations/0008-update-history';
import { migration0009Notifications } from './migrations/0009-notifications';
import { migration0010UpdateSchedules } from './migrations/0010-update-schedules';
import { migration0011ListFollowers } from './migrations/0011-list-followers';
import { migration0012DeviceCheckIns } from './migrations/0012-device-check-ins';
import { migration0013RemovalChecks } from './migrations/0013-removal-checks';
import { migration0014DeviceSecrets } from './migrations/0014-device-secrets';
import { migration0015DuplicateAgents } from './migrations/0015-duplicate-agents';
import { migration0016AgentUpdates } from './migrations/0016-agent-updates';
import { migration0017NotificationSubjects } from './migrations/0017-notification-subjects';
import { migration0018AppSizeUnknown } from './migrations/0018-app-size-unknown';
import { migration0019InstallationReadIndexes } from './migrations/0019-installation-read-indexes';
import { migration0020OwnApps } from './migrations/0020-own-apps';
import { migration0021PinnedVersions } from './migrations/0021-pinned-versions';
import { migration0022SharedLists } from './migrations/0022-shared-lists';
import { migration0023DeviceSearches } from './migrations/0023-device-searches';
import { migration0024SandboxIdempotencyKeys } from './migrations/0024-sandbox-idempotency-keys';
import { migration0025RemovalPurge } from './migrations/0025-removal-purge';
import { migration0026ChocoId } from './migrations/0026-choco-id';
import { migration0027CatalogueSearch } from './migrations/0027-catalogue-search';
import { migration0028CatalogueIndex } from './migrations/0028-catalogue-index';
import { migration0029CatalogueSyncs } from './migrations/0029-catalogue-syncs';
import { migration0030DeviceGroups } from './migrations/0030-device-groups';
import { migration0031DeviceGenerations } from './migrations/0031-device-generations';
import { migration0032Webhooks } from './migrations/0032-webhooks';
import { migration0033GroupRemovals } from './migrations/0033-group-removals';
import { migration0034HeldUpdates } from './migrations/0034-held-updates';
import { migration0035UpdatePolicies } from './migrations/0035-update-policies';
import { migration0036PolicyRollouts } from './migrations/0036-policy-rollouts';
import { migration0037NextStart } from './migrations/0037-next-start';
import type { Database } from './schema';

/** Migrations in order; names sort, and a shipped migration is never edited. */
const migrations = {
  '0001-accounts': migration0001Accounts,
  '0002-catalogue-lists': migration0002CatalogueLists,
  '0003-devices': migration0003Devices,
  '0004-installations': migration0004Installations,
  '0005-device-activity-event': migration0005DeviceActivityEvent,
  '0006-payments': migration0006Payments,
  '0007-api-keys': migration0007ApiKeys,
  '0008-update-history': migration0008UpdateHistory,
  '0009-notifications': migration0009Notifications,
  '0010-update-schedules': migration0010UpdateSchedules,
  '0011-list-followers': migration0011ListFollowers,
  '0012-device-check-ins': migration0012DeviceCheckIns,
  '0013-removal-checks': migration0013RemovalChecks,
  '0014-device-secrets': migration0014DeviceSecrets,
  '0015-duplicate-agents': migration0015DuplicateAgents,
  '0016-agent-updates': migration0016AgentUpdates,
  '0017-notification-subjects': migration0017NotificationSubjects,
  '0018-app-size-unknown': migration0018AppSizeUnknown,
  '0019-installation-read-indexes': migration0019InstallationReadIndexes,
  '0020-own-apps': migration0020OwnApps,
  '0021-pinned-versions': migration0021PinnedVersions,
  '0022-shared-lists': migration0022SharedLists,
  '0023-device-searches': migration0023DeviceSearches,
  '0024-sandbox-idempotency-keys': migration0024SandboxIdempotencyKeys,
  '0025-removal-purge': migration0025RemovalPurge,
  '0026-choco-id': migration0026ChocoId,
  '0027-catalogue-search': migration0027CatalogueSearch,
  '0028-catalogue-index': migration0028CatalogueIndex,
  '0029-catalogue-syncs': migration0029CatalogueSyncs,
  '0030-device-groups': migration0030DeviceGroups,
  '0031-device-generations': migration0031DeviceGenerations,
  '0032-webhooks': migration0032Webhooks,
  '0033-group-removals': migration0033GroupRemovals,
  '0034-held-updates': migration0034HeldUpdates,
  '0035-update-policies': migration0035UpdatePolicies,
  '0036-policy-rollouts': migration0036PolicyRollouts,
  '0037-next-start': migration0037NextStart,
} satisfies Record<string, Migration>;

/**
 * Brings the database up to date; runs at every start. On PostgreSQL the migrator must be told
 * our schema: otherwise it takes another schema's kysely_migration table for ours.
 */
export async function migrateToLatest(db: Kysely<Database>, schema: string | null = null): Promise<void> {
  check(await migratorOf(db, schema).migrateToLatest());
}

/** Up to and including the migration `name`: a test of the next one starts from what came before it. */
export async function migrateUpTo(db: Kysely<Database>, name: keyof typeof migrations, schema: string | null = null): Promise<void> {
  check(await migratorOf(db, schema).migrateTo(name));
}

function migratorOf(db: Kysely<Database>, schema: string | null): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // 0007 shipped before 0006 on some machines: both were built at the same time (card payments, and the API keys Premium unlocks).
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

function check({ error, results }: MigrationResultSet): void {
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : 'unknown error';
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
