import { Button, Group, Input, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';

import type { ImportListResponse, ListFormat } from '@shared/api/lists';

import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { ImportResult } from './import-result';
import { LimitAlert } from './limit-alert';
import { useImportListMutation } from './lists-api';
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

/** "Import": a winget export, a Brewfile or plain names become a new list (DESIGN §10). */
export function ImportListModal({ onClose, onImported, onLimit }: ImportListModalProps) {
  const [importList, { isLoading }] = useImportListMutation();
  const [format, setFormat] = useState<ListFormat>('winget');
  const [content, setContent] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ content?: string; name?: string }>({});
  const [limit, setLimit] = useState<LimitProblem | null>(null);
  const [result, setResult] = useState<ImportListResponse | null>(null);
  const fileId = useId();

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    if (file.size > CONTENT_MAX) {
      setErrors({ content: 'The file is too large (512 KB at most)' });
      return;
    }
    setContent(await file.text());
    if (!name.trim()) setName(nameFromFile(file.name));
    if (/\.json$/i.test(file.name)) setFormat('winget');
    else if (/brewfile/i.test(file.name)) setFormat('brewfile');
    setErrors({});
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!content.trim()) problems.content = 'Choose a file or paste its contents';
    if (!name.trim()) problems.name = 'List name is required';
    setErrors(problems);
    if (problems.content || problems.name) return;
    try {
      const answer = await importList({ format, content, name: name.trim() }).unwrap();
      setResult(answer);
      onImported(answer.list.id);
    } catch (failure) {
      const problem = limitProblemOf(failure);
      if (problem) {
        setLimit(problem);
        onLimit(problem);
      } else {
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

  const hint = FORMATS.find((option) => option.value === format)?.hint;
  return (
    <Modal opened onClose={onClose} title="Import a List" centered size="lg">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          {limit ? <LimitAlert problem={limit} /> : null}
          <Input.Wrapper label="Format" description={hint}>
            <SegmentedControl
              fullWidth
              mt={4}
              aria-label="Format"
              value={format}
              onChange={(value) => setFormat(value)}
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
            value={content}
            error={errors.content}
            onChange={(event) => {
              setContent(event.currentTarget.value);
              setErrors((current) => ({ ...current, content: undefined }));
            }}
          />
          <TextInput
            label="List name"
            required
            value={name}
            error={errors.name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
          />
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
