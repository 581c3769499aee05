import { notify } from '../../lib/notify';
import { DeviceSelectModal } from './device-select-modal';
import { useGetListItemsQuery, type ListSummary } from './lists-api';

/**
 * "Install" on a list card. Choosing devices is real; sending the installation arrives with
 * the desktop-client issue, and the notification says so rather than pretending.
 */
export function InstallListDialog({ list, onClose }: { list: ListSummary; onClose: () => void }) {
  const { data: items } = useGetListItemsQuery(list.id);
  return (
    <DeviceSelectModal
      opened
      multiple
      listName={list.name}
      appCount={list.appCount}
      apps={items ?? []}
      onCancel={onClose}
      onConfirm={() => {
        notify.info('Installations arrive with the desktop client.');
        onClose();
      }}
    />
  );
}
