import { Button, Group, Input, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState, type ChangeEvent } from 'react';
import { z } from 'zod';

import { importListRequestSchema, type ImportListResponse, type ListFormat } from '@shared/api/lists';

import { useImportListMutation } from '../../api/lists';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { ImportResult } from './import-result';
import { LimitAlert } from './limit-alert';
import { limitProblemOf, type LimitProblem } from './plan-limits';

const FORMATS: Array<{ value: ListFormat; label: string; hint: string }> = [
  { value: 'winget', label: 'winget JSON', hint: 'A file from "winget export" (PackageIdentifier entries).' },
  { value: 'brewfile', label: 'Brewfile', hint: 'A Brewfile: cask "…" and brew "…" lines.' },
  { value: 'text', label: 'Plain list of names', hint: 'One app name per line.' },
];
const CONTENT_MAX = 512 * 1024;

interface ImportListModalProps {
  onClose: () => void;
  onImported: (listId: string) => void;
  onLimit: (problem: LimitProblem) => void;
}

function nameFromFile(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').slice(0, 100);
}

/** The shared request, with the form's word for empty contents. */
const importFormSchema = importListRequestSchema.extend({
  content: z.string().trim().min(1, 'Choose a file or paste its contents').max(CONTENT_MAX, 'The file is too large (512 KB at most)'),
});

/** "Import": a winget export, a Brewfile or plain names become a new list. */
export function ImportListModal({ onClose, onImported, onLimit }: ImportListModalProps) {
  const [importList, { isLoading }] = useImportListMutation();
  const form = useForm({ initialValues: { format: 'winget' as ListFormat, content: '', name: '' }, ...schemaForm(importFormSchema) });
  const [limit, setLimit] = useState<LimitProblem | null>(null);
  const [result, setResult] = useState<ImportListResponse | null>(null);
  const fileId = useId();

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    if (file.size > CONTENT_MAX) {
      form.setFieldError('content', 'The file is too large (512 KB at most)');
      return;
    }
    if (/\.json$/i.test(file.name)) form.setFieldValue('format', 'winget');
    else if (/brewfile/i.test(file.name)) form.setFieldValue('format', 'brewfile');
    const text = await file.text();
    form.setFieldValue('content', text);
    // Read the name now, not before the file was read: the person may have typed one meanwhile.
    if (!form.getValues().name.trim()) form.setFieldValue('name', nameFromFile(file.name));
  }

  async function handleSubmit(request: z.output<typeof importFormSchema>) {
    try {
      const answer = await importList(request).unwrap();
      setResult(answer);
      onImported(answer.list.id);
    } catch (failure) {
      const problem = limitProblemOf(failure);
      if (problem) {
        setLimit(problem);
        onLimit(problem);
      } else if (!applyServerErrors(form, failure)) {
        notify.error(errorMessage(failure, 'Failed to import list'));
      }
    }
  }

  if (result) {
    return (
      <Modal opened onClose={onClose} title="Import finished" centered size="lg">
        <ImportResult result={result} onDone={onClose} />
      </Modal>
    );
  }

  const hint = FORMATS.find((option) => option.value === form.values.format)?.hint;
  return (
    <Modal opened onClose={onClose} title="Import a List" centered size="lg">
      <form onSubmit={form.onSubmit((request) => void handleSubmit(request))} noValidate>
        <Stack gap="md">
          {limit ? <LimitAlert problem={limit} /> : null}
          <Input.Wrapper label="Format" description={hint}>
            <SegmentedControl
              fullWidth
              mt={4}
              aria-label="Format"
              {...form.getInputProps('format')}
              data={FORMATS.map(({ value, label }) => ({ value, label }))}
            />
          </Input.Wrapper>
          <Input.Wrapper label="Upload a file" id={fileId} description="Its contents appear below; you can also paste them.">
            <input
              id={fileId}
              type="file"
              accept=".json,.txt,Brewfile,text/plain,application/json"
              onChange={(event) => void readFile(event)}
            />
          </Input.Wrapper>
          <Textarea
            label="Contents"
            autosize
            minRows={5}
            maxRows={12}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('content')}
          />
          <TextInput label="List name" required {...form.getInputProps('name')} />
          <Text size="xs" c="dimmed">
            Entries are matched to catalogue apps by package id or name; you will see what could not be matched.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading}>
              Import
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
