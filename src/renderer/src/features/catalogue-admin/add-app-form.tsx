import { Button, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { useAddApp } from '../../api/catalogue-admin';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { AppFields } from './app-fields';
import { appFormSchema, emptyAppForm, toFormData, type AppFormOutput } from './app-form-schema';
import { catalogueFailure } from './catalogue-toasts';
import { IconInput } from './icon-input';

/** "Add App": every field the product asks for, plus the package ids that say where the app can go. */
export function AddAppForm() {
  const [addApp, { isLoading }] = useAddApp();
  const form = useForm({ initialValues: emptyAppForm(), ...schemaForm(appFormSchema) });
  // Changing the key remounts the file input, which is the only way to clear it.
  const [generation, setGeneration] = useState(0);

  async function add(app: AppFormOutput) {
    const result = await addApp(toFormData(app));
    if ('error' in result) {
      if (!applyServerErrors(form, result.error)) catalogueFailure('Error adding app!', result.error);
      return;
    }
    notify.success('App added');
    form.reset();
    setGeneration((current) => current + 1);
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="add-app-title">
      <form onSubmit={form.onSubmit(add, (errors) => focusFirstError(form, errors))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="add-app-title">
            Add App
          </Title>
          <AppFields
            form={form}
            afterWebsite={
              <IconInput
                key={generation}
                file={form.values.icon}
                error={form.errors.icon}
                onChange={(file) => form.setFieldValue('icon', file)}
              />
            }
          />
          <Button type="submit" loading={isLoading} style={{ alignSelf: 'flex-start' }}>
            Add App
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
