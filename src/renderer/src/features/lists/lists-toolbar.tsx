import { Anchor, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { listUsage } from './plan-limits';

interface ListsToolbarProps {
  count: number;
  /** The plan's list limit; null when unlimited or unknown. */
  limit: number | null;
  /** Which plan lifts the limit ("Upgrade to Premium for unlimited lists."), from the plan catalogue. */
  upgradeHint: string | null;
  onNewList: () => void;
  onImport: () => void;
}

/** "New List", "Import", and how many lists the plan allows. */
export function ListsToolbar({ count, limit, upgradeHint, onNewList, onImport }: ListsToolbarProps) {
  const full = limit !== null && count >= limit;
  const reason = full ? `Your plan allows ${limit} ${limit === 1 ? 'list' : 'lists'}. ${upgradeHint ?? 'Upgrade for more.'}` : null;
  const usage = listUsage(count, limit);
  const buttons = (
    <Group gap="xs">
      <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={full} onClick={onNewList}>
        New List
      </Button>
      <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} disabled={full} onClick={onImport}>
        Import
      </Button>
    </Group>
  );
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" mb="md">
      <Text size="sm" c={full ? 'orange' : 'dimmed'}>
        {usage ?? `${count} ${count === 1 ? 'list' : 'lists'}`}
        {full ? (
          <>
            {' — '}
            <Anchor component={Link} to="/pricing-page" size="sm">
              {upgradeHint ?? 'Upgrade to create more.'}
            </Anchor>
          </>
        ) : null}
      </Text>
      {reason ? (
        <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }}>
          {/* Disabled buttons get no pointer events; the wrapper carries the tooltip. */}
          <span tabIndex={0}>{buttons}</span>
        </Tooltip>
      ) : (
        buttons
      )}
    </Group>
  );
}
