import { Badge, Group, Stack, Text } from '@mantine/core';

import type { DriftEntry, DriftKind, MachineDrift } from '@shared/api/device-groups';
import { formatLastActive } from '@shared/format';

import { UnbrokenWords } from './unbroken-words';

/** Each kind of drift in words and colour (never colour alone), with what it means for a person who has not read the docs. */
export const DRIFT_KIND_LOOKS: Readonly<Record<DriftKind, { label: string; color: string; hint: string }>> = {
  missing: { label: 'Missing', color: 'red', hint: 'In its groups’ lists, not installed.' },
  outdated: { label: 'Out of date', color: 'orange', hint: 'A newer version is offered and no pin holds it back.' },
  off_pin: { label: 'Off its pin', color: 'yellow', hint: 'Another version is installed than the one pinned in the list.' },
  extra: {
    label: 'Not declared',
    color: 'gray',
    hint: 'Installed, in none of its groups’ lists. Bringing the machine back in line leaves these; remove them from the machine’s page.',
  },
};

/** What bringing the machine back in line fixes first, and last what it leaves alone. */
const KIND_ORDER: readonly DriftKind[] = ['missing', 'outdated', 'off_pin', 'extra'];

/** One entry in words: "Out of date: 1.0 → 2.0", "Off its pin: 2.0 installed, pinned 1.0". */
export function driftWords(entry: Pick<DriftEntry, 'kind' | 'installedVersion' | 'wantedVersion'>): string {
  const installed = entry.installedVersion ?? 'unknown version';
  switch (entry.kind) {
    case 'missing':
      return entry.wantedVersion ? `Missing: pinned ${entry.wantedVersion}` : 'Missing';
    case 'extra':
      return entry.installedVersion ? `Not declared: ${entry.installedVersion} installed` : 'Not declared';
    case 'outdated':
      return entry.wantedVersion ? `Out of date: ${installed} → ${entry.wantedVersion}` : 'Out of date';
    case 'off_pin':
      return entry.wantedVersion
        ? `Off its pin: ${installed} installed, pinned ${entry.wantedVersion}`
        : `Off its pin: ${installed} installed`;
  }
}

/** "first seen 3d ago", "first seen just now". */
export function firstSeen(since: string): string {
  return `First seen ${formatLastActive(since).replace('Just now', 'just now')}`;
}

/** "Checked 2h ago": when the agent last reported the machine's apps. */
export function checkedWords(inventoryCheckedAt: string): string {
  return `Checked ${formatLastActive(inventoryCheckedAt).replace('Just now', 'just now')}`;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A machine's drift from its groups' lists, grouped by kind (missing first), each app with its
 * words and when Loadout first saw the difference; what it has beyond the lists comes last. A machine whose agent never reported its
 * apps says so: its drift is not known, not zero.
 */
export function DriftEntries({ drift }: { drift: Pick<MachineDrift, 'deviceId' | 'deviceName' | 'inventoryCheckedAt' | 'entries'> }) {
  if (drift.inventoryCheckedAt === null) {
    return (
      <Text size="sm" c="dimmed">
        Not checked yet: its agent has not reported its apps, so its drift is not known.
      </Text>
    );
  }
  if (drift.entries.length === 0) {
    return (
      <Text size="sm">
        In line with its groups’ lists.{' '}
        <Text span size="sm" c="dimmed">
          {checkedWords(drift.inventoryCheckedAt)}.
        </Text>
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {KIND_ORDER.map((kind) => {
        const entries = drift.entries.filter((entry) => entry.kind === kind);
        if (entries.length === 0) return null;
        const look = DRIFT_KIND_LOOKS[kind];
        const headingId = `drift-${drift.deviceId}-${kind}`;
        return (
          <Stack key={kind} gap={4} component="section" aria-labelledby={headingId}>
            <Group gap="xs" wrap="wrap">
              <Badge id={headingId} variant="light" color={look.color} tt="none" miw="max-content">
                {look.label} ({entries.length})
              </Badge>
              <Text size="xs" c="dimmed">
                {look.hint}
              </Text>
            </Group>
            <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
              {entries.map((entry) => (
                <Group component="li" key={`${entry.kind}-${entry.appId}`} gap="xs" wrap="wrap" align="baseline">
                  <Text size="sm" fw={500}>
                    <UnbrokenWords text={entry.name} />
                  </Text>
                  <Text size="sm">{driftWords(entry)}</Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={entry.since} title={when(entry.since)}>
                      {firstSeen(entry.since)}
                    </time>
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        );
      })}
      <Text size="xs" c="dimmed">
        {checkedWords(drift.inventoryCheckedAt)}.
      </Text>
    </Stack>
  );
}
