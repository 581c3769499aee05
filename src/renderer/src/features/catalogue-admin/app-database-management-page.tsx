import { Container, Grid, Stack } from '@mantine/core';

import { formatCount } from '@shared/format';

import { useGetCategoriesQuery, useSearchCatalogueQuery } from '../../api/catalogue';
import { useDeleteAppMutation, useDeleteCategoryMutation } from '../../api/catalogue-admin';
import { useAppSearchOptions } from '../../components/app-search-options';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { AddAppForm } from './add-app-form';
import { catalogueFailure } from './catalogue-toasts';
import { CategoryForm } from './category-form';
import { DeleteBySelectionForm } from './delete-by-selection-form';
import { EditAppForm } from './edit-app-form';
import { PromoteOwnAppForm } from './promote-own-app-form';

/** /app-database-management, the catalogue's forms; admins only (docs/decisions.md#the-catalogue). */
export function AppDatabaseManagementPage() {
  const { data: categories } = useGetCategoriesQuery();
  // How many apps in all: one search's total, without sending any of them.
  const { data: counted } = useSearchCatalogueQuery({ limit: 1 });
  const apps = useAppSearchOptions();
  const [deleteCategory, categoryDeletion] = useDeleteCategoryMutation();
  const [deleteApp, appDeletion] = useDeleteAppMutation();

  async function removeCategory(value: string): Promise<boolean> {
    try {
      await deleteCategory(Number(value)).unwrap();
      notify.success('Category deleted');
      return true;
    } catch (failure) {
      catalogueFailure('Error deleting category!', failure);
      return false;
    }
  }

  async function removeApp(value: string): Promise<boolean> {
    try {
      await deleteApp(Number(value)).unwrap();
      notify.success('App deleted');
      return true;
    } catch (failure) {
      catalogueFailure('Error deleting app!', failure);
      return false;
    }
  }

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="App Database Management"
        description={`The app catalogue that lists are made of: ${counted ? formatCount(counted.total) : '…'} apps in ${categories?.length ?? '…'} categories.`}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <AddAppForm />
            <EditAppForm />
            <PromoteOwnAppForm />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <CategoryForm />
            <DeleteBySelectionForm
              title="Delete Category"
              selectLabel="Category to delete"
              placeholder="Choose a category"
              buttonLabel="Delete Category"
              requiredMessage="Please select a category to delete."
              options={(categories ?? []).map((c) => ({
                value: String(c.category_id),
                label: `${c.category_name} (${c.app_count} ${c.app_count === 1 ? 'app' : 'apps'})`,
              }))}
              loading={categoryDeletion.isLoading}
              confirmText={(label) => `Delete the category ${label}? A category that still has apps cannot be deleted.`}
              onDelete={removeCategory}
            />
            <DeleteBySelectionForm
              title="Delete App"
              selectLabel="App to delete"
              placeholder="Choose an app"
              buttonLabel="Delete App"
              requiredMessage="Please select an app to delete."
              options={apps.options}
              serverSearch={{ value: apps.searchValue, onChange: apps.onSearchChange, loading: apps.loading }}
              loading={appDeletion.isLoading}
              confirmText={(label) => `Delete ${label} from the catalogue? This cannot be undone.`}
              onDelete={removeApp}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
