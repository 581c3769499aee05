import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';

import { RINGS_MAX } from '@shared/api/update-policies';

import { useGetGroupsQuery } from '../api/device-groups';

/** One ring as the form holds it: a group's id, or a share of the machines. */
export interface RingValues {
  kind: 'group' | 'percent';
  groupId: string;
  percent: number | string;
}

/** The part of the policy form that rings read and write. */
export interface RingFormValues {
  rings: RingValues[];
  soakHours: string;
  failureThresholdPercent: number | string;
}

const SOAK_OPTIONS = [
  { value: '1', label: '1 hour' },
  { value: '4', label: '4 hours' },
  { value: '12', label: '12 hours' },
  { value: '24', label: '1 day' },
  { value: '48', label: '2 days' },
  { value: '72', label: '3 days' },
  { value: '168', label: '1 week' },
];

/** What the rings' fields use of the policy form (whose other fields they leave alone). */
export interface RingsForm {
  getValues(): RingFormValues;
  getInputProps(path: string): ReturnType<UseFormReturnType<RingFormValues>['getInputProps']>;
  insertListItem(path: string, item: RingValues): void;
  removeListItem(path: string, index: number): void;
}

/**
 * "Roll out in rings" (Annual Premium): the rings a new version goes through before everyone,
 * how long each soaks, and how many failures stop it. Everyone is always the last ring.
 */
export function PolicyRingsFields({ form }: { form: RingsForm }) {
  const { data } = useGetGroupsQuery();
  const groups = (data?.groups ?? []).map((group) => ({ value: group.id, label: group.name }));
  const values = form.getValues();
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        Roll out in rings
      </Text>
      <Text size="xs" c="dimmed">
        A new version goes to each ring in turn, then to everyone. A ring opens once the one before it has soaked without too many failures;
        more failures stop the rollout until you resume or cancel it.
      </Text>
      {values.rings.map((ring, index) => (
        <Group key={index} align="flex-end" gap="xs" wrap="wrap">
          <Select
            label={`Ring ${index + 1}`}
            data={[
              { value: 'group', label: 'A group' },
              { value: 'percent', label: 'A share of the machines' },
            ]}
            allowDeselect={false}
            w={200}
            {...form.getInputProps(`rings.${index}.kind`)}
          />
          {ring.kind === 'group' ? (
            <Select
              label={`Ring ${index + 1} group`}
              data={groups}
              placeholder={groups.length === 0 ? 'Make a group first' : 'Choose a group'}
              allowDeselect={false}
              w={200}
              {...form.getInputProps(`rings.${index}.groupId`)}
            />
          ) : (
            <NumberInput
              label={`Ring ${index + 1} share`}
              suffix=" %"
              min={1}
              max={99}
              w={140}
              {...form.getInputProps(`rings.${index}.percent`)}
            />
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove ring ${index + 1}`}
            onClick={() => form.removeListItem('rings', index)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {values.rings.length > 0 ? <Text size="sm">Ring {values.rings.length + 1}: everyone else</Text> : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={values.rings.length >= RINGS_MAX}
          onClick={() => form.insertListItem('rings', { kind: groups.length > 0 ? 'group' : 'percent', groupId: '', percent: 10 })}
        >
          Add a ring
        </Button>
      </Group>
      {values.rings.length > 0 ? (
        <Group grow align="flex-start" wrap="wrap">
          <Select label="Each ring soaks for" data={SOAK_OPTIONS} allowDeselect={false} {...form.getInputProps('soakHours')} />
          <NumberInput
            label="Stop when more than this share fails"
            suffix=" %"
            min={0}
            max={100}
            {...form.getInputProps('failureThresholdPercent')}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
