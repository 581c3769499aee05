import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { updateAppFieldsSchema, type App, type UpdateAppFields } from '@shared/api/catalogue';

import { useUpdateApp } from '../../api/catalogue-admin';
import { useAppSearchOptions } from '../../components/app-search-options';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { AppFields } from './app-fields';
import { appFormOf, emptyAppForm } from './app-form-schema';
import { catalogueFailure } from './catalogue-toasts';

/** "Edit App": choose an app, change what was wrong about it; its icon, id and place in lists stay. */
export function EditAppForm() {
  const apps = useAppSearchOptions();
  const [updateApp, { isLoading }] = useUpdateApp();
  // Named: the Add App form on the same page has fields of the same names.
  const form = useForm({ name: 'edit-app', initialValues: emptyAppForm(), ...schemaForm(updateAppFieldsSchema) });
  const [chosen, setChosen] = useState<App | null>(null);

  function choose(value: string | null) {
    const app = apps.appOf(value);
    setChosen(app);
    form.setValues(app ? appFormOf(app) : emptyAppForm());
    form.resetDirty();
    form.clearErrors();
  }

  async function save(fields: UpdateAppFields) {
    if (!chosen) return;
    const result = await updateApp(chosen.app_id, fields);
    if ('error' in result) {
      if (!applyServerErrors(form, result.error)) catalogueFailure('Error updating app!', result.error);
      return;
    }
    notify.success(`${result.data.name} updated`);
    setChosen(result.data);
    form.setValues(appFormOf(result.data));
    form.resetDirty();
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="edit-app-title">
      <form
        onSubmit={form.onSubmit(
          (values) => void save(values),
          (errors) => focusFirstError(form, errors),
        )}
        noValidate
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="edit-app-title">
            Edit App
          </Title>
          <Select
            label="App to edit"
            placeholder="Choose an app"
            searchable
            data={withChosen(apps.options, chosen)}
            searchValue={apps.searchValue}
            onSearchChange={apps.onSearchChange}
            // The server has searched already: show what it found, as it ranked it.
            filter={({ options }) => options}
            nothingFoundMessage={apps.loading ? 'Searching…' : 'No app has that name'}
            value={chosen ? String(chosen.app_id) : null}
            onChange={choose}
          />
          {chosen ? (
            <>
              <AppFields form={form} sizeRequired={false} />
              <Text size="xs" c="dimmed">
                The icon stays as it is.
              </Text>
              <Group>
                <Button type="submit" loading={isLoading} disabled={!form.isDirty()}>
                  Save Changes
                </Button>
                <Button variant="default" onClick={() => choose(null)}>
                  Cancel
                </Button>
              </Group>
            </>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

/** The chosen app stays among the options while the admin searches for another, so its name stays shown. */
function withChosen(options: Array<{ value: string; label: string }>, chosen: App | null) {
  if (!chosen || options.some((option) => option.value === String(chosen.app_id))) return options;
  return [{ value: String(chosen.app_id), label: chosen.name }, ...options];
}
