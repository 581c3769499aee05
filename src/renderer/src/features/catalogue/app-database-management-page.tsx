import { PlaceholderPage } from '../../components/placeholder-page';

/** /app-database-management: the catalogue forms arrive with the catalogue release. */
export function AppDatabaseManagementPage() {
  return (
    <PlaceholderPage title="App Database Management">
      Adding and removing catalogue apps and categories is not available in this version of Loadout yet.
    </PlaceholderPage>
  );
}
