import { Button, Group, Input, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState, type ChangeEvent } from 'react';
import { z } from 'zod';

import { importListRequestSchema, type ImportListRequest, type ImportListResponse, type ImportPreview } from '@shared/api/list-import';
import type { ListFormat } from '@shared/api/lists';

import { useImportListMutation, usePreviewListImportMutation } from '../../api/lists';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { ImportOverLimit, type OverLimitChoice } from './import-over-limit';
import { ImportResult } from './import-result';
import { LimitAlert } from './limit-alert';
import { limitProblemOf, type LimitProblem } from './plan-limits';

const FORMATS: Array<{ value: ListFormat; label: string; hint: string }> = [
  { value: 'winget', label: 'winget export (JSON)', hint: 'A file from "winget export": its PackageIdentifier entries.' },
  {
    value: 'winget-configure',
    label: 'winget configuration (YAML)',
    hint: 'A file for "winget configure": its WinGetPackage resources; other steps are shown back.',
  },
  { value: 'brewfile', label: 'Brewfile', hint: 'A Brewfile: its cask "…", brew "…" and flatpak "…" lines; the rest is shown back.' },
  {
    value: 'flatpak',
    label: 'Flatpak list',
    hint: 'Flatpak application ids, one a line, as "flatpak list --app --columns=application" prints them.',
  },
  { value: 'text', label: 'Plain list of names', hint: 'One app name per line.' },
];

/** The format a file's name says it is in, if it says. */
function formatOfFileName(fileName: string): ListFormat | null {
  if (/\.json$/i.test(fileName)) return 'winget';
  if (/\.ya?ml$/i.test(fileName)) return 'winget-configure';
  if (/brewfile/i.test(fileName)) return 'brewfile';
  if (/flatpak/i.test(fileName)) return 'flatpak';
  return null;
}
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

/**
 * "Import": a winget export, a Brewfile or plain names become a new list. The file is looked at
 * first (nothing created); one with more apps than a list holds then asks how they should go in.
 */
export function ImportListModal({ onClose, onImported, onLimit }: ImportListModalProps) {
  const [previewImport, { isLoading: previewing }] = usePreviewListImportMutation();
  const [importList, { isLoading: importing }] = useImportListMutation();
  const [overLimit, setOverLimit] = useState<{ request: ImportListRequest; preview: ImportPreview } | null>(null);
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
    const format = formatOfFileName(file.name);
    if (format) form.setFieldValue('format', format);
    const text = await file.text();
    form.setFieldValue('content', text);
    // Read the name now, not before the file was read: the person may have typed one meanwhile.
    if (!form.getValues().name.trim()) form.setFieldValue('name', nameFromFile(file.name));
  }

  async function handleSubmit(request: z.output<typeof importFormSchema>) {
    try {
      const preview = await previewImport({ format: request.format, content: request.content }).unwrap();
      if (preview.apps.length > preview.appsPerList) setOverLimit({ request, preview });
      else await runImport(request);
    } catch (failure) {
      showFailure(failure);
    }
  }

  async function runImport(request: ImportListRequest) {
    const answer = await importList(request).unwrap();
    setResult(answer);
    onImported(answer.list.id);
  }

  function showFailure(failure: unknown) {
    const problem = limitProblemOf(failure);
    if (problem) {
      setOverLimit(null);
      setLimit(problem);
      onLimit(problem);
    } else if (!applyServerErrors(form, failure)) {
      notify.error(errorMessage(failure, 'Failed to import list'));
    }
  }

  function importChosen(choice: OverLimitChoice) {
    if (!overLimit) return;
    runImport({ ...overLimit.request, ...choice }).catch(showFailure);
  }

  if (result) {
    return (
      <Modal opened onClose={onClose} title="Import finished" centered size="lg">
        <ImportResult result={result} onDone={onClose} />
      </Modal>
    );
  }

  if (overLimit) {
    return (
      <Modal opened onClose={onClose} title="Import a List" centered size="lg">
        <ImportOverLimit
          preview={overLimit.preview}
          name={overLimit.request.name}
          busy={importing}
          onBack={() => setOverLimit(null)}
          onImport={importChosen}
        />
      </Modal>
    );
  }

  const hint = FORMATS.find((option) => option.value === form.values.format)?.hint;
  return (
    <Modal opened onClose={onClose} title="Import a List" centered size="lg">
      <form onSubmit={form.onSubmit((request) => void handleSubmit(request))} noValidate>
        <Stack gap="md">
          {limit ? <LimitAlert problem={limit} /> : null}
          <NativeSelect
            label="Format"
            description={hint}
            {...form.getInputProps('format')}
            data={FORMATS.map(({ value, label }) => ({ value, label }))}
          />
          <Input.Wrapper label="Upload a file" id={fileId} description="Its contents appear below; you can also paste them.">
            <input
              id={fileId}
              type="file"
              accept=".json,.yaml,.yml,.txt,Brewfile,text/plain,application/json,application/yaml"
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
            Entries are matched to catalogue apps by package id or name; you will see every line that was left out, and why.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={previewing || importing}>
              Import
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
