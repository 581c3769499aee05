import { Button, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useGetCategoriesQuery } from '../../lib/catalogue-api';
import { notify } from '../../lib/notify';
import { useUpsertCategoryMutation } from './catalogue-admin-api';
import { catalogueFailure } from './catalogue-toasts';

/** "Add or update a category" (SPEC §2, §5): choosing a category id means rename it. */
export function CategoryForm() {
  const { data: categories } = useGetCategoriesQuery();
  const [upsert, { isLoading }] = useUpsertCategoryMutation();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Category name is required.');
      return;
    }
    try {
      await upsert({ category_id: categoryId ? Number(categoryId) : null, category_name: name.trim() }).unwrap();
      notify.success('Category saved');
      setName('');
      setCategoryId(null);
    } catch (failure) {
      catalogueFailure('Error updating/adding category!', failure);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="category-form-title">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
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
              setCategoryId(value);
              const chosen = categories?.find((c) => String(c.category_id) === value);
              if (chosen) setName(chosen.category_name);
              setError(null);
            }}
          />
          <TextInput
            label="Category name"
            required
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
          />
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
