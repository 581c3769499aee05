import { PlaceholderPage } from '../../components/placeholder-page';

/** /devices, "Device Management": filled by the devices release. */
export function DevicesPage() {
  return (
    <PlaceholderPage title="Device Management">
      Registering and managing your machines is not available in this version of Loadout yet.
    </PlaceholderPage>
  );
}
