import { Button, Fieldset, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { platformsOf, type PackageIdField } from '@shared/api/catalogue';

import { PLATFORM_LABELS } from '../../components/platform-badges';
import { useGetCategoriesQuery } from '../../lib/catalogue-api';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { appFormSchema, emptyAppForm, toFormData, type AppFormOutput } from './app-form-schema';
import { useAddApp } from './catalogue-admin-api';
import { catalogueFailure } from './catalogue-toasts';
import { IconInput } from './icon-input';

const PACKAGE_ID_INPUTS: Array<{ field: PackageIdField; label: string; placeholder: string }> = [
  { field: 'winget_id', label: 'winget id', placeholder: 'Mozilla.Firefox' },
  { field: 'homebrew_cask', label: 'Homebrew cask', placeholder: 'firefox' },
  { field: 'homebrew_formula', label: 'Homebrew formula', placeholder: 'sevenzip' },
  { field: 'apt_package', label: 'apt package', placeholder: 'firefox-esr' },
  { field: 'flatpak_id', label: 'Flatpak id', placeholder: 'org.mozilla.firefox' },
  { field: 'snap_name', label: 'Snap name', placeholder: 'firefox' },
];

/** "Add App" (SPEC §2 and §5 "App form", plus the package ids of DESIGN §5). */
export function AddAppForm() {
  const { data: categories } = useGetCategoriesQuery();
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

  const platforms = platformsOf(form.values);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="add-app-title">
      <form onSubmit={form.onSubmit(add, (errors) => focusFirstError(form, errors))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="add-app-title">
            Add App
          </Title>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Textarea label="Description" required autosize minRows={2} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Category"
              required
              placeholder="Choose a category"
              searchable
              data={(categories ?? []).map((c) => ({ value: String(c.category_id), label: c.category_name }))}
              {...form.getInputProps('category')}
            />
            <NumberInput
              label="File size (KB)"
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('file_size_kb')}
            />
          </SimpleGrid>
          <TextInput label="Website" required type="url" placeholder="https://" {...form.getInputProps('website')} />
          <IconInput
            key={generation}
            file={form.values.icon}
            error={form.errors.icon}
            onChange={(file) => form.setFieldValue('icon', file)}
          />
          <Fieldset legend="Package ids" variant="filled">
            <Text size="xs" c="dimmed" mb="xs">
              Each is optional. The app installs on a platform when one of that platform&apos;s package managers knows it.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {PACKAGE_ID_INPUTS.map(({ field, label, placeholder }) => (
                <TextInput key={field} label={label} placeholder={placeholder} {...form.getInputProps(field)} />
              ))}
            </SimpleGrid>
            <Text size="sm" mt="sm" aria-live="polite">
              Installs on: {platforms.length ? platforms.map((p) => PLATFORM_LABELS[p]).join(', ') : 'no platform yet'}
            </Text>
          </Fieldset>
          <Button type="submit" loading={isLoading} style={{ alignSelf: 'flex-start' }}>
            Add App
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
