import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';

import type { ListVisibility, Sharing } from '@shared/api/shared-lists';

import { useGetCategoriesQuery } from '../../api/catalogue';
import type { ListSummary } from '../../api/lists';
import { useGetSharingQuery, useSetSharingMutation } from '../../api/shared-lists';
import { CenteredLoader } from '../../components/centered-loader';
import { CopyableText } from '../../components/copyable-text';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';

// The server holds descriptions to SHARED_LIST_DESCRIPTION_MAX (src/shared/api/shared-lists.ts); zod stays out of this chunk.
const DESCRIPTION_MAX = 500;

const CHOICES: { value: ListVisibility; label: string; description: string }[] = [
  { value: 'private', label: 'Private', description: 'Only you can see this list.' },
  {
    value: 'unlisted',
    label: 'Anyone with the link',
    description: 'People you send the link to can see the list and copy it. It is not listed anywhere.',
  },
  { value: 'public', label: 'Public', description: 'Anyone can find the list in the gallery, see it and copy it.' },
];

interface Values {
  visibility: ListVisibility;
  description: string;
  categoryId: string | null;
}

const valuesOf = (sharing: Sharing): Values => ({
  visibility: sharing.visibility,
  description: sharing.description,
  categoryId: sharing.categoryId === null ? null : String(sharing.categoryId),
});

/** "Share…" on a list card: private, anyone with the link, or public in the gallery; the link, and how many copies were made. */
export function ShareListModal({ list, onClose }: { list: ListSummary; onClose: () => void }) {
  const { data: sharing, isLoading, isError, refetch } = useGetSharingQuery(list.id);
  const { data: categories } = useGetCategoriesQuery();
  const [setSharing, saving] = useSetSharingMutation();
  const form = useForm<Values>({ initialValues: { visibility: 'private', description: '', categoryId: null } });

  // The stored choice fills the form once it arrives.
  const loaded = sharing !== undefined;
  useEffect(() => {
    if (sharing) {
      form.setValues(valuesOf(sharing));
      form.resetDirty(valuesOf(sharing));
    }
    // Only when it first arrives: later answers are what this form just saved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  async function save(values: Values) {
    try {
      const saved = await setSharing({
        listId: list.id,
        visibility: values.visibility,
        description: values.description,
        categoryId: values.categoryId === null ? null : Number(values.categoryId),
      }).unwrap();
      form.resetDirty(valuesOf(saved));
      notify.success(
        saved.visibility === 'private'
          ? `“${list.name}” is private again. Its old link no longer works.`
          : saved.visibility === 'public'
            ? `“${list.name}” is public and in the gallery.`
            : `Anyone with the link can now see “${list.name}”.`,
      );
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, 'Failed to change sharing'));
    }
  }

  const visibility = form.getValues().visibility;
  const link = sharing?.shareUrl ?? null;
  const copies = sharing?.copyCount ?? 0;

  return (
    <Modal opened onClose={onClose} title={`Share “${list.name}”`} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {isLoading ? (
        <CenteredLoader label="Loading sharing..." />
      ) : isError || !sharing ? (
        <Alert color="red" variant="light" title="Sharing could not be loaded">
          <Button size="xs" variant="default" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit(save)} noValidate>
          <Stack gap="md">
            <Radio.Group label="Who can see this list" {...form.getInputProps('visibility')}>
              <Stack gap="sm" mt="xs">
                {CHOICES.map((choice) => (
                  <Radio key={choice.value} value={choice.value} label={choice.label} description={choice.description} />
                ))}
              </Stack>
            </Radio.Group>
            {visibility === 'public' ? (
              <>
                <Textarea
                  label="Description"
                  description="Shown in the gallery and on the list's page."
                  placeholder="e.g. Everything I install on a new laptop for web work"
                  autosize
                  minRows={2}
                  maxLength={DESCRIPTION_MAX}
                  {...form.getInputProps('description')}
                />
                <Select
                  label="Category"
                  description="Helps people find it in the gallery."
                  placeholder="No category"
                  clearable
                  clearButtonProps={{ 'aria-label': 'No category' }}
                  data={(categories ?? []).map((category) => ({ value: String(category.category_id), label: category.category_name }))}
                  {...form.getInputProps('categoryId')}
                />
              </>
            ) : null}
            <Text size="sm" c="dimmed">
              Your name, e-mail and devices are never shown to people who open the link.
            </Text>
            {link ? <CopyableText label="Link to this list" text={link} copyLabel="Copy link" testId="share-link" /> : null}
            <Text size="sm" data-testid="copy-count">
              {copies === 0 ? 'No one has copied this list yet.' : `Copied ${copies} ${copies === 1 ? 'time' : 'times'}.`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" loading={saving.isLoading} disabled={!form.isDirty()}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
