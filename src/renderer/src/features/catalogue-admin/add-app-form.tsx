import { Button, Fieldset, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { platformsOf, type PackageIdField } from '@shared/api/catalogue';
import { useState, type FormEvent } from 'react';
import { PLATFORM_LABELS } from '../../components/platform-badges';
import { useGetCategoriesQuery } from '../../lib/catalogue-api';
import { notify } from '../../lib/notify';
import { emptyAppForm, toFormData, validateAppForm, type AppFormErrors, type AppFormValues } from './app-form-validation';
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
  const [values, setValues] = useState<AppFormValues>(emptyAppForm);
  const [errors, setErrors] = useState<AppFormErrors>({});
  // Changing the key remounts the file input, which is the only way to clear it.
  const [generation, setGeneration] = useState(0);

  function set<K extends keyof AppFormValues>(field: K, value: AppFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateAppForm(values);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    const result = await addApp(toFormData(values));
    if ('error' in result) {
      if (result.error.details) setErrors(result.error.details);
      catalogueFailure('Error adding app!', result.error);
      return;
    }
    notify.success('App added');
    setValues(emptyAppForm());
    setGeneration((current) => current + 1);
  }

  const platforms = platformsOf(values);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="add-app-title">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="add-app-title">
            Add App
          </Title>
          <TextInput label="Name" required value={values.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
          <Textarea
            label="Description"
            required
            autosize
            minRows={2}
            value={values.description}
            error={errors.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Category"
              required
              placeholder="Choose a category"
              searchable
              data={(categories ?? []).map((c) => ({ value: String(c.category_id), label: c.category_name }))}
              value={values.category}
              error={errors.category}
              onChange={(value) => set('category', value)}
            />
            <NumberInput
              label="File size (KB)"
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={values.file_size_kb}
              error={errors.file_size_kb}
              onChange={(value) => set('file_size_kb', value)}
            />
          </SimpleGrid>
          <TextInput
            label="Website"
            required
            type="url"
            placeholder="https://"
            value={values.website}
            error={errors.website}
            onChange={(e) => set('website', e.currentTarget.value)}
          />
          <IconInput key={generation} file={values.icon} error={errors.icon} onChange={(file) => set('icon', file)} />
          <Fieldset legend="Package ids" variant="filled">
            <Text size="xs" c="dimmed" mb="xs">
              Each is optional. The app installs on a platform when one of that platform&apos;s package managers knows it.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {PACKAGE_ID_INPUTS.map(({ field, label, placeholder }) => (
                <TextInput
                  key={field}
                  label={label}
                  placeholder={placeholder}
                  value={values[field]}
                  error={errors[field]}
                  onChange={(e) => set(field, e.currentTarget.value)}
                />
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
