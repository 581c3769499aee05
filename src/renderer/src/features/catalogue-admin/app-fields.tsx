import { Fieldset, NumberInput, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

import { platformsOf } from '@shared/api/catalogue';
import { PACKAGE_SOURCES } from '@shared/package-managers';

import { useGetCategoriesQuery } from '../../api/catalogue';
import { PLATFORM_LABELS } from '../../components/platform-badges';
import type { AppFormValues } from './app-form-schema';

/**
 * An app's fields, as adding and editing it both ask for them; `afterWebsite` is the icon when
 * adding. A new app needs a size; an app being edited may be left without one (most seeded
 * apps have none: no package manager states it), and then no size is shown.
 */
export function AppFields({
  form,
  afterWebsite,
  sizeRequired = true,
}: {
  form: Pick<UseFormReturnType<AppFormValues>, 'values' | 'getInputProps'>;
  afterWebsite?: ReactNode;
  sizeRequired?: boolean;
}) {
  const { data: categories } = useGetCategoriesQuery();
  const platforms = platformsOf(form.values);
  return (
    <>
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
          required={sizeRequired}
          description={sizeRequired ? undefined : 'Leave empty when not known: no size is shown.'}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          {...form.getInputProps('file_size_kb')}
        />
      </SimpleGrid>
      <TextInput label="Website" required type="url" placeholder="https://" {...form.getInputProps('website')} />
      {afterWebsite}
      <Fieldset legend="Package ids" variant="filled">
        <Text size="xs" c="dimmed" mb="xs">
          Each is optional. The app installs on a platform when one of that platform&apos;s package managers knows it.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {PACKAGE_SOURCES.map(({ field, label, example: placeholder }) => (
            <TextInput key={field} label={label} placeholder={placeholder} {...form.getInputProps(field)} />
          ))}
        </SimpleGrid>
        <Text size="sm" mt="sm" aria-live="polite">
          Installs on: {platforms.length ? platforms.map((p) => PLATFORM_LABELS[p]).join(', ') : 'no platform yet'}
        </Text>
      </Fieldset>
    </>
  );
}
