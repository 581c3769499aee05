import { Badge } from '@mantine/core';

import type { GroupSummary } from '../../api/device-groups';
import { PremiumNote } from '../../components/premium-note';
import { driftSummary } from './group-words';

/** What groups need, said where someone without the plan meets them: what they would do, or what became of theirs. */
export function GroupsPremiumNote({ id, hasGroups }: { id?: string; hasGroups: boolean }) {
  return (
    <div id={id}>
      <PremiumNote>
        {hasGroups
          ? 'Device groups are part of Annual Premium. Your groups stay, and you can still take lists and machines out of them or delete them, but nothing can be added and their machines are not kept in line with their lists until you upgrade.'
          : 'Device groups are part of Annual Premium: machines you group by hand, by a rule or with a registration token get the same lists by themselves, and you see which drifted from them.'}
      </PremiumNote>
    </div>
  );
}

/** "3 of 12 machines drifted" in the colour of its state, and in words. */
export function DriftBadge({ group }: { group: Pick<GroupSummary, 'drift' | 'memberCount'> }) {
  const color = group.memberCount === 0 ? 'gray' : group.drift.machines > 0 ? 'orange' : 'green';
  return (
    <Badge variant="light" color={color} tt="none" miw="max-content">
      {driftSummary(group.drift, group.memberCount)}
    </Badge>
  );
}
