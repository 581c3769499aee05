import { PlaceholderPage } from '../../components/placeholder-page';

/** /installations: filled by the installations release. */
export function InstallationsPage() {
  return (
    <PlaceholderPage title="Installations">
      Installing lists onto your machines is not available in this version of Loadout yet.
    </PlaceholderPage>
  );
}
