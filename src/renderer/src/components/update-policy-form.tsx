import { Button, Group, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';

import {
  OFFLINE_CHOICES,
  POLICY_MODES,
  SCHEDULE_CADENCES,
  scheduleTimeSchema,
  timeZoneSchema,
  WEEKDAYS,
  type PolicySettingsInput,
  type PolicyWindow,
} from '@shared/api/update-policies';

import {
  useCreateUpdatePolicyMutation,
  useDeleteUpdatePolicyMutation,
  useUpdateUpdatePolicyMutation,
  type UpdatePolicy,
} from '../api/update-policies';
import { errorMessage } from '../lib/api-errors';
import { applyServerErrors, focusFirstError } from '../lib/form-errors';
import { notify } from '../lib/notify';
import { schemaForm } from '../lib/schema-form';
import { useAppSearchOptions } from './app-search-options';
import { PolicyRingsFields, type RingFormValues } from './policy-rings-fields';
import { usePlanIncludes } from './use-plan-includes';

/** The browser's zone: the default for a new policy. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone the browser knows, with the given ones (the policy's, the browser's) surely in. */
export function timeZoneOptions(...wanted: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...wanted])].sort((a, b) => a.localeCompare(b));
}

/** What a policy applies to: the account, a group, a machine (its public id) or a list. */
export type PolicyTarget =
  { kind: 'account' } | { kind: 'group'; groupId: string } | { kind: 'device'; deviceId: string } | { kind: 'list'; listId: string };

const MODE_LABELS: Record<(typeof POLICY_MODES)[number], string> = {
  all: 'All updates',
  security: 'Security only',
  off: 'Off',
};

const OFFLINE_LABELS: Record<(typeof OFFLINE_CHOICES)[number], string> = {
  'next-connection': 'Update it when it next connects',
  'next-window': 'Wait for the next window',
};

const WINDOW_OPTIONS = [
  { value: '15', label: '15 minutes' },
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
  { value: '120', label: '2 hours' },
  { value: '180', label: '3 hours' },
  { value: '240', label: '4 hours' },
  { value: '360', label: '6 hours' },
  { value: '480', label: '8 hours' },
  { value: '720', label: '12 hours' },
];

const WEEKDAY_OPTIONS = WEEKDAYS.map((label, index) => ({ value: String(index), label }));

/** The form's values as Mantine's inputs hold them (selects hold strings). */
interface Values extends RingFormValues {
  mode: (typeof POLICY_MODES)[number];
  cadence: 'daily' | 'weekly';
  weekday: string;
  time: string;
  timeZone: string;
  windowMinutes: string;
  offline: (typeof OFFLINE_CHOICES)[number];
  exceptAppIds: string[];
}

/** The shared request's fields, from the form's strings: the weekday, window and apps become numbers. */
const formSchema = z
  .object({
    mode: z.enum(POLICY_MODES),
    cadence: z.enum(SCHEDULE_CADENCES),
    weekday: z.string(),
    time: scheduleTimeSchema,
    timeZone: timeZoneSchema,
    windowMinutes: z.string(),
    offline: z.enum(OFFLINE_CHOICES),
    exceptAppIds: z.array(z.string()),
    rings: z.array(
      z.object({
        kind: z.enum(['group', 'percent']),
        groupId: z.string(),
        percent: z.union([z.number(), z.string()]),
      }),
    ),
    soakHours: z.string(),
    failureThresholdPercent: z.union([z.number(), z.string()]),
  })
  .superRefine((values, ctx) => {
    if (values.cadence === 'weekly' && values.weekday === '')
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a weekday for a weekly window' });
    values.rings.forEach((ring, index) => {
      if (ring.kind === 'group' && ring.groupId === '')
        ctx.addIssue({ code: 'custom', path: ['rings', index, 'groupId'], message: 'Choose a group' });
      const percent = Number(ring.percent);
      if (ring.kind === 'percent' && !(Number.isInteger(percent) && percent >= 1 && percent <= 99))
        ctx.addIssue({ code: 'custom', path: ['rings', index, 'percent'], message: 'A ring is 1 to 99 % of the machines' });
    });
    const threshold = Number(values.failureThresholdPercent);
    if (!(Number.isInteger(threshold) && threshold >= 0 && threshold <= 100))
      ctx.addIssue({ code: 'custom', path: ['failureThresholdPercent'], message: 'A share from 0 to 100 %' });
  })
  .transform((values): PolicySettingsInput => ({
    ...values,
    weekday: values.cadence === 'weekly' ? Number(values.weekday) : null,
    windowMinutes: Number(values.windowMinutes),
    exceptAppIds: values.exceptAppIds.map(Number),
    rings: values.rings.map((ring) =>
      ring.kind === 'group' ? { groupId: ring.groupId, percent: null } : { groupId: null, percent: Number(ring.percent) },
    ),
    soakHours: Number(values.soakHours),
    failureThresholdPercent: Number(values.failureThresholdPercent),
  }));

function valuesOf(policy: UpdatePolicy | undefined): Values {
  return {
    mode: policy?.mode ?? 'all',
    cadence: policy?.cadence ?? 'daily',
    weekday: policy?.weekday === null || policy?.weekday === undefined ? '1' : String(policy.weekday),
    time: policy?.time ?? '03:00',
    timeZone: policy?.timeZone ?? browserTimeZone(),
    windowMinutes: String(policy?.windowMinutes ?? 120),
    offline: policy?.offline ?? 'next-connection',
    exceptAppIds: (policy?.exceptions ?? []).map((app) => String(app.appId)),
    rings: (policy?.rings ?? []).map((ring) =>
      ring.groupId !== null
        ? { kind: 'group' as const, groupId: ring.groupId, percent: 10 }
        : { kind: 'percent' as const, groupId: '', percent: ring.percent ?? 10 },
    ),
    soakHours: String(policy?.soakHours ?? 24),
    failureThresholdPercent: policy?.failureThresholdPercent ?? 20,
  };
}

function formatDateTime(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
}

/** "Next window: Sun 29 Mar, 04:30 to 06:30 (Europe/Berlin)"; the same words wherever a window shows. */
export function windowText(window: PolicyWindow): string {
  const closes = new Date(window.closesAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone: window.timeZone });
  return `${formatDateTime(window.opensAt, window.timeZone)} to ${closes} (${window.timeZone})`;
}

interface Props {
  target: PolicyTarget;
  policy: UpdatePolicy | undefined;
  /** What the form says while the target has no policy of its own. */
  emptyText: string;
}

/** One policy's editor: what it updates, its window, a machine that was off, and the apps it leaves alone. */
export function UpdatePolicyForm({ target, policy, emptyText }: Props) {
  const form = useForm({
    // Letters, numbers and dashes only (Mantine); one policy form is on a page at a time.
    name: `${target.kind}-update-policy`,
    initialValues: valuesOf(policy) satisfies Values,
    ...schemaForm(formSchema),
  });
  const [zones] = useState(() => timeZoneOptions(form.getValues().timeZone, browserTimeZone()));
  const search = useAppSearchOptions();
  const ringsIncluded = usePlanIncludes('deviceGroups');
  const [chosenNames, setChosenNames] = useState(() => new Map((policy?.exceptions ?? []).map((app) => [String(app.appId), app.name])));
  const [create, creating] = useCreateUpdatePolicyMutation();
  const [update, updating] = useUpdateUpdatePolicyMutation();
  const [remove, removing] = useDeleteUpdatePolicyMutation();

  async function save(settings: PolicySettingsInput) {
    try {
      if (policy) await update({ id: policy.id, settings }).unwrap();
      else await create({ ...settings, ...targetFields(target) }).unwrap();
      notify.success('Update policy saved');
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, 'Failed to save the update policy. Please try again.'));
    }
  }

  async function deletePolicy(id: string) {
    try {
      await remove(id).unwrap();
      notify.success('Update policy deleted');
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to delete the update policy. Please try again.'));
    }
  }

  const values = form.getValues();
  // Rings are for many machines (not one) and need groups' plan; a policy that has them keeps showing them.
  const withRings = target.kind !== 'device' && (ringsIncluded === true || values.rings.length > 0);
  const weekly = values.cadence === 'weekly';
  // The chosen apps stay among the options whatever the search shows now.
  const exceptionOptions = [
    ...values.exceptAppIds.map((value) => ({ value, label: chosenNames.get(value) ?? `App ${value}` })),
    ...search.options.filter((option) => !values.exceptAppIds.includes(option.value)),
  ];
  return (
    <form
      onSubmit={form.onSubmit(
        (submitted) => void save(submitted),
        (errors) => focusFirstError(form, errors),
      )}
      noValidate
    >
      <Stack gap="sm" mt="xs">
        {policy ? (
          <Text size="sm" data-testid="next-window">
            {policy.nextWindow ? `Next window: ${windowText(policy.nextWindow)}` : 'Off: nothing updates by itself.'}
            {policy.lastRunAt ? ` · Last sent updates: ${formatDateTime(policy.lastRunAt, browserTimeZone())}` : ''}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${target.kind}-policy-mode-label`}>
            Updates
          </Text>
          <SegmentedControl
            aria-labelledby={`${target.kind}-policy-mode-label`}
            data={POLICY_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }))}
            {...form.getInputProps('mode')}
            w="fit-content"
          />
          {values.mode === 'security' ? (
            <Text size="xs" c="dimmed">
              Only apt tells security updates apart: other managers&apos; apps are left for you to update.
            </Text>
          ) : null}
          {form.errors.mode ? (
            <Text size="xs" c="red" role="alert">
              {form.errors.mode}
            </Text>
          ) : null}
        </Stack>
        <SegmentedControl
          aria-label="Cadence"
          data={[
            { value: 'daily', label: 'Daily' },
            { value: 'weekly', label: 'Weekly' },
          ]}
          {...form.getInputProps('cadence')}
          w="fit-content"
        />
        <Group grow align="flex-start" wrap="wrap">
          {weekly ? <Select label="Weekday" data={WEEKDAY_OPTIONS} allowDeselect={false} {...form.getInputProps('weekday')} /> : null}
          <TextInput type="time" label="Window opens at" {...form.getInputProps('time')} />
          <Select label="Window length" data={WINDOW_OPTIONS} allowDeselect={false} {...form.getInputProps('windowMinutes')} />
        </Group>
        <Select
          label="Time zone"
          description="Each machine opens the window on its own clock; this zone is for machines that have not told theirs."
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone by that name"
          limit={100}
          {...form.getInputProps('timeZone')}
        />
        <Select
          label="A machine that was off during its window"
          data={OFFLINE_CHOICES.map((choice) => ({ value: choice, label: OFFLINE_LABELS[choice] }))}
          allowDeselect={false}
          {...form.getInputProps('offline')}
        />
        <MultiSelect
          label="Apps it leaves alone"
          description="Never updated by this policy: you update them yourself."
          placeholder={values.exceptAppIds.length === 0 ? 'Search the catalogue' : undefined}
          data={exceptionOptions}
          searchable
          searchValue={search.searchValue}
          onSearchChange={search.onSearchChange}
          filter={({ options }) => options}
          nothingFoundMessage={search.loading ? 'Searching…' : 'No app by that name'}
          {...form.getInputProps('exceptAppIds')}
          onChange={(chosen) => {
            setChosenNames((names) => {
              const next = new Map(names);
              for (const value of chosen) if (!next.has(value)) next.set(value, search.appOf(value)?.name ?? `App ${value}`);
              return next;
            });
            form.setFieldValue('exceptAppIds', chosen);
          }}
        />
        {withRings ? <PolicyRingsFields form={form} /> : null}
        <Group justify="flex-end" gap="sm">
          {policy ? (
            <Button variant="subtle" color="red" loading={removing.isLoading} onClick={() => void deletePolicy(policy.id)}>
              Delete policy
            </Button>
          ) : null}
          <Button type="submit" loading={creating.isLoading || updating.isLoading}>
            Save policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function targetFields(target: PolicyTarget): { deviceId?: string; groupId?: string; listId?: string } {
  switch (target.kind) {
    case 'account':
      return {};
    case 'device':
      return { deviceId: target.deviceId };
    case 'group':
      return { groupId: target.groupId };
    case 'list':
      return { listId: target.listId };
  }
}
