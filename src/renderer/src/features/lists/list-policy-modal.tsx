import { Modal, Text } from '@mantine/core';

import type { ListSummary } from '@shared/api/lists';

import { UpdatePolicySection } from '../../components/update-policy-section';

/** The list's update policy (Premium): its out-of-date apps updated in a window on every machine that has them. */
export function ListPolicyModal({ list, onClose }: { list: ListSummary; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Update policy: ${list.name}`} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text size="sm" c="dimmed">
        In its window, every machine of yours that has apps of this list out of date updates them, unless the machine or its group has a
        policy of its own.
      </Text>
      <UpdatePolicySection target={{ kind: 'list', listId: list.id }} bare />
    </Modal>
  );
}
