import { Button, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';

import { promoteOwnAppRequestSchema } from '@shared/api/own-apps';

import { useGetCategoriesQuery } from '../../api/catalogue';
import { useGetAdminOwnAppsQuery, usePromoteOwnAppMutation, type AdminOwnApp } from '../../api/own-apps';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { packageIdsText } from '../../lib/package-id-labels';
import { schemaForm } from '../../lib/schema-form';
import { catalogueFailure } from './catalogue-toasts';

/** The promote request, plus which app: its own field, so the Select shows its message like the others. */
const promoteFormSchema = z.object({
  ...promoteOwnAppRequestSchema.shape,
  app_id: z.coerce.number({ error: 'Choose an app to promote' }).int().positive('Choose an app to promote'),
});
const EMPTY: { app_id: string | null; category: string | null; description: string; website: string } = {
  app_id: null,
  category: null,
  description: '',
  website: '',
};

const labelOf = (app: AdminOwnApp) => `${app.name} (${packageIdsText(app)}; in ${app.listCount} ${app.listCount === 1 ? 'list' : 'lists'})`;

/** "Apps users added": an admin promotes one into the catalogue, for everyone. Who added it is not shown. */
export function PromoteOwnAppForm() {
  const { data: ownApps, isError } = useGetAdminOwnAppsQuery();
  const { data: categories } = useGetCategoriesQuery();
  const [promote, { isLoading }] = usePromoteOwnAppMutation();
  const form = useForm({ name: 'promote-own-app', initialValues: EMPTY, ...schemaForm(promoteFormSchema) });

  async function save({ app_id: id, ...fields }: z.output<typeof promoteFormSchema>) {
    try {
      const app = await promote({ id, fields }).unwrap();
      notify.success(`${app.name} is in the catalogue now`);
      form.reset();
    } catch (failure) {
      if (!applyServerErrors(form, failure)) catalogueFailure('Error promoting the app!', failure);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="promote-own-app-title">
      <form onSubmit={form.onSubmit(save, (errors) => focusFirstError(form, errors))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="promote-own-app-title">
            Apps users added
          </Title>
          <Text size="sm" c="dimmed">
            Apps people added to their own lists because the catalogue lacks them. Promote one to put it in the catalogue for everyone.
          </Text>
          {isError ? (
            <Text size="sm" c="red">
              The apps users added could not be loaded.
            </Text>
          ) : (ownApps ?? []).length === 0 ? (
            <Text size="sm">No one has added an app of their own yet.</Text>
          ) : (
            <>
              <Select
                label="App to promote"
                placeholder="Choose an app"
                searchable
                data={(ownApps ?? []).map((app) => ({ value: String(app.app_id), label: labelOf(app) }))}
                {...form.getInputProps('app_id')}
              />
              <Select
                label="Category"
                placeholder="Choose a category"
                required
                data={(categories ?? []).map((c) => ({ value: String(c.category_id), label: c.category_name }))}
                {...form.getInputProps('category')}
              />
              <Textarea label="Description" required autosize minRows={2} {...form.getInputProps('description')} />
              <TextInput label="Website" required placeholder="https://" {...form.getInputProps('website')} />
              <Button type="submit" loading={isLoading} style={{ alignSelf: 'flex-start' }}>
                Promote to the catalogue
              </Button>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
