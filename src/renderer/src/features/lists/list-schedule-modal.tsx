import { Modal, Text } from '@mantine/core';

import type { ListSummary } from '@shared/api/lists';

import { UpdateScheduleSection } from '../../components/update-schedule-section';

/** The list's update schedule (Premium): its out-of-date apps upgraded on every device that has them. */
export function ListScheduleModal({ list, onClose }: { list: ListSummary; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Update schedule: ${list.name}`} centered size="lg">
      <Text size="sm" c="dimmed">
        At the chosen time, every device of yours that has apps of this list out of date upgrades them.
      </Text>
      <UpdateScheduleSection target={{ listId: list.id }} bare />
    </Modal>
  );
}
