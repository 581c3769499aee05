import { Button, Group, SegmentedControl, Select, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';

import { SCHEDULE_CADENCES, scheduleTimeSchema, timeZoneSchema, WEEKDAYS, type ScheduleTimingInput } from '@shared/api/schedules';

import {
  useCreateScheduleMutation,
  useDeleteScheduleMutation,
  useGetSchedulesQuery,
  useUpdateScheduleMutation,
  type Schedule,
} from '../api/schedules';
import { errorMessage } from '../lib/api-errors';
import { applyServerErrors, focusFirstError } from '../lib/form-errors';
import { notify } from '../lib/notify';
import { schemaForm } from '../lib/schema-form';
import { LoadError } from './load-error';

/** The browser's zone: the default for a new schedule. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone the browser knows, with the given ones (the schedule's, the browser's) surely in. */
export function timeZoneOptions(...wanted: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...wanted])].sort((a, b) => a.localeCompare(b));
}

const WINDOW_OPTIONS = [
  { value: '', label: 'None (until the next run)' },
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
interface Values {
  cadence: 'daily' | 'weekly';
  weekday: string;
  time: string;
  timeZone: string;
  windowMinutes: string;
  enabled: boolean;
}

/** The shared request's fields, from the form's strings: the weekday and window become numbers, a blank window null. */
const formSchema = z
  .object({
    cadence: z.enum(SCHEDULE_CADENCES),
    weekday: z.string(),
    time: scheduleTimeSchema,
    timeZone: timeZoneSchema,
    windowMinutes: z.string(),
    enabled: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.cadence === 'weekly' && values.weekday === '')
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a weekday for a weekly schedule' });
  })
  .transform((values): ScheduleTimingInput => ({
    ...values,
    weekday: values.cadence === 'weekly' ? Number(values.weekday) : null,
    windowMinutes: values.windowMinutes === '' ? null : Number(values.windowMinutes),
  }));

function valuesOf(schedule: Schedule | undefined): Values {
  return {
    cadence: schedule?.cadence ?? 'daily',
    weekday: schedule?.weekday === null || schedule?.weekday === undefined ? '1' : String(schedule.weekday),
    time: schedule?.time ?? '03:00',
    timeZone: schedule?.timeZone ?? browserTimeZone(),
    windowMinutes: schedule?.windowMinutes === null || schedule?.windowMinutes === undefined ? '' : String(schedule.windowMinutes),
    enabled: schedule?.enabled ?? true,
  };
}

function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The schedule of one device or list: loads it, then edits it (or makes the first). */
/** What a schedule updates: a device (by its public id) or a list. */
export type ScheduleTarget = { deviceId: string; listId?: undefined } | { listId: string; deviceId?: undefined };

export function UpdateScheduleForm({ target }: { target: ScheduleTarget }) {
  const { data, isLoading, isError, refetch } = useGetSchedulesQuery();
  if (isLoading) return <Skeleton height={120} mt="sm" />;
  if (isError || !data) return <LoadError what="your update schedules" onRetry={() => void refetch()} mt="sm" />;
  const schedule = data.schedules.find((s) =>
    target.deviceId !== undefined ? s.deviceId === target.deviceId : s.listId === target.listId,
  );
  // Keyed so that a saved or deleted schedule starts the form again from what the server holds.
  return <ScheduleEditor key={schedule ? `${schedule.id}:${schedule.updatedAt}` : 'new'} target={target} schedule={schedule} />;
}

function ScheduleEditor({ target, schedule }: { target: ScheduleTarget; schedule: Schedule | undefined }) {
  const form = useForm({
    // Letters, numbers and dashes only (Mantine); one schedule form is on a page at a time.
    name: target.deviceId !== undefined ? 'device-schedule' : 'list-schedule',
    initialValues: valuesOf(schedule) satisfies Values,
    ...schemaForm(formSchema),
  });
  const [zones] = useState(() => timeZoneOptions(form.getValues().timeZone, browserTimeZone()));
  const [create, creating] = useCreateScheduleMutation();
  const [update, updating] = useUpdateScheduleMutation();
  const [remove, removing] = useDeleteScheduleMutation();

  async function save(timing: ScheduleTimingInput) {
    try {
      if (schedule) await update({ id: schedule.id, timing }).unwrap();
      else
        await create({
          ...timing,
          ...(target.deviceId !== undefined ? { deviceId: target.deviceId } : { listId: target.listId }),
        }).unwrap();
      notify.success('Update schedule saved');
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, 'Failed to save the update schedule. Please try again.'));
    }
  }

  async function deleteSchedule(id: string) {
    try {
      await remove(id).unwrap();
      notify.success('Update schedule deleted');
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to delete the update schedule. Please try again.'));
    }
  }

  const weekly = form.getValues().cadence === 'weekly';
  return (
    <form
      onSubmit={form.onSubmit(
        (values) => void save(values),
        (errors) => focusFirstError(form, errors),
      )}
      noValidate
    >
      <Stack gap="sm" mt="xs">
        {schedule ? (
          <Text size="sm" data-testid="next-run">
            {schedule.enabled ? `Next run: ${formatDateTime(schedule.nextRunAt)}` : 'Paused: turn it on to run again.'}
            {schedule.lastRunAt ? ` · Last run: ${formatDateTime(schedule.lastRunAt)}` : ''}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No schedule yet: updates run only when you start them. Choose when out-of-date apps should be upgraded by themselves.
          </Text>
        )}
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
          <TextInput type="time" label="Time" {...form.getInputProps('time')} />
          <Select
            label="Time zone"
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No time zone by that name"
            limit={100}
            {...form.getInputProps('timeZone')}
          />
        </Group>
        <Select
          label="Maintenance window"
          description="How long after the start a machine that was offline may still update when it connects."
          data={WINDOW_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('windowMinutes')}
        />
        <Switch label="Run this schedule" {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Group justify="flex-end" gap="sm">
          {schedule ? (
            <Button variant="subtle" color="red" loading={removing.isLoading} onClick={() => void deleteSchedule(schedule.id)}>
              Delete
            </Button>
          ) : null}
          <Button type="submit" loading={creating.isLoading || updating.isLoading}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
