import { useParams } from 'react-router-dom';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /installations/:id: filled by the installations release. */
export function InstallationDetailsPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage title="Installation Details">
      Details of installation {id} are not available in this version of Loadout yet.
    </PlaceholderPage>
  );
}
