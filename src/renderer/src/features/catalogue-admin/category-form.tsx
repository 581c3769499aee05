import { Button, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';

import { upsertCategoryRequestSchema, type UpsertCategoryRequest } from '@shared/api/catalogue';

import { useGetCategoriesQuery } from '../../api/catalogue';
import { useUpsertCategoryMutation } from '../../api/catalogue-admin';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { catalogueFailure } from './catalogue-toasts';

const NEW_CATEGORY: { category_id: string | null; category_name: string } = { category_id: null, category_name: '' };

/** "Add or update a category": choosing a category id means rename it. */
export function CategoryForm() {
  const { data: categories } = useGetCategoriesQuery();
  const [upsert, { isLoading }] = useUpsertCategoryMutation();
  const form = useForm({ initialValues: NEW_CATEGORY, ...schemaForm(upsertCategoryRequestSchema) });
  const categoryId = form.values.category_id;

  async function save(request: UpsertCategoryRequest) {
    try {
      await upsert(request).unwrap();
      notify.success('Category saved');
      form.reset();
    } catch (failure) {
      if (!applyServerErrors(form, failure)) catalogueFailure('Error updating/adding category!', failure);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="category-form-title">
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="category-form-title">
            Add or Update Category
          </Title>
          <Select
            label="Category to update"
            description="Leave empty to add a new category."
            placeholder="New category"
            clearable
            searchable
            data={(categories ?? []).map((c) => ({ value: String(c.category_id), label: c.category_name }))}
            value={categoryId}
            onChange={(value) => {
              const chosen = categories?.find((c) => String(c.category_id) === value);
              form.setValues({ category_id: value, category_name: chosen?.category_name ?? form.values.category_name });
              form.clearFieldError('category_name');
            }}
          />
          <TextInput label="Category name" required {...form.getInputProps('category_name')} />
          <Text size="xs" c="dimmed">
            {categoryId ? 'Saving renames the chosen category.' : 'Saving adds a new category.'}
          </Text>
          <Button type="submit" loading={isLoading} style={{ alignSelf: 'flex-start' }}>
            Save Category
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
