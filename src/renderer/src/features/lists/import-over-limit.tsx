import { Alert, Button, Checkbox, Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import type { ImportPreview } from '@shared/api/list-import';

/** How a file with more apps than a list holds goes in: split into lists, or only the apps chosen. */
export type OverLimitChoice = { split: true } | { keep: number[] };

interface ImportOverLimitProps {
  preview: ImportPreview;
  name: string;
  busy: boolean;
  onBack: () => void;
  onImport: (choice: OverLimitChoice) => void;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The step an import takes when the file has more apps than the plan allows in one list: it
 * says so, and the person splits the file into lists (where the plan has room for them) or
 * chooses the apps to keep. Nothing is left out without them seeing it here.
 */
export function ImportOverLimit({ preview, name, busy, onBack, onImport }: ImportOverLimitProps) {
  const { apps, appsPerList, listsLeft } = preview;
  const needed = Math.ceil(apps.length / appsPerList);
  const canSplit = listsLeft === null || listsLeft >= needed;
  const [mode, setMode] = useState<'split' | 'keep'>(canSplit ? 'split' : 'keep');
  const [kept, setKept] = useState<string[]>(() => apps.slice(0, appsPerList).map((_, place) => String(place)));
  const full = kept.length >= appsPerList;

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="More apps than one list holds">
        This file has {plural(apps.length, 'app')}, and a list holds {appsPerList} on your plan.
      </Alert>
      <Radio.Group label="How should they go in?" value={mode} onChange={(value) => setMode(value === 'keep' ? 'keep' : 'split')}>
        <Stack gap="sm" mt="xs">
          <Radio
            value="split"
            disabled={!canSplit}
            label={`Split into ${needed} lists`}
            description={
              canSplit
                ? `“${name} (1 of ${needed})” to “${name} (${needed} of ${needed})”, in the file’s order`
                : `Your plan allows ${plural(listsLeft ?? 0, 'more list')}`
            }
          />
          <Radio value="keep" label="Choose which apps to keep" description={`Up to ${appsPerList} in one list`} />
        </Stack>
      </Radio.Group>
      {mode === 'keep' ? (
        <Stack gap="xs">
          <Text size="sm" aria-live="polite">
            {kept.length} of {appsPerList} chosen
          </Text>
          <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
            <Checkbox.Group value={kept} onChange={setKept} aria-label="Apps to keep">
              <Stack gap={6}>
                {apps.map((app, place) => {
                  const value = String(place);
                  const where = app.line === null ? null : `line ${app.line}`;
                  const own = app.appId === null ? 'kept as your own app' : null;
                  const detail = [where, own].filter(Boolean).join(' · ');
                  return (
                    <Checkbox
                      key={value}
                      value={value}
                      label={app.name}
                      description={detail || undefined}
                      disabled={full && !kept.includes(value)}
                    />
                  );
                })}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
        </Stack>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button
          loading={busy}
          disabled={mode === 'keep' && kept.length === 0}
          onClick={() => onImport(mode === 'split' ? { split: true } : { keep: kept.map(Number).sort((a, b) => a - b) })}
        >
          Import
        </Button>
      </Group>
    </Stack>
  );
}
