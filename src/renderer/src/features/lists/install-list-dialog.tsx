import { useState } from 'react';

import { useGetListItemsQuery, type ListSummary } from '../../api/lists';
import { DeviceSelectModal } from './device-select-modal';
import type { InstallDevice } from './install-devices';
import { InstallPreviewModal } from './install-preview-modal';

/**
 * "Install" on a list card: choose devices ("Select Installation Device"), see what each
 * will install, skip or cannot get, then install; the installation's page opens.
 */
export function InstallListDialog({ list, onClose }: { list: ListSummary; onClose: () => void }) {
  const { data: items } = useGetListItemsQuery(list.id);
  const [chosen, setChosen] = useState<InstallDevice[] | null>(null);
  return (
    <>
      {/* Stays mounted under the preview, so Back returns to the same choice. */}
      <DeviceSelectModal
        opened={chosen === null}
        multiple
        listName={list.name}
        appCount={list.appCount}
        apps={items ?? []}
        onCancel={onClose}
        onConfirm={setChosen}
      />
      {chosen ? (
        <InstallPreviewModal listId={list.id} listName={list.name} devices={chosen} onBack={() => setChosen(null)} onClose={onClose} />
      ) : null}
    </>
  );
}
