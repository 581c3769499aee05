import {
  Button,
  Fieldset,
  Modal,
  Group as Row,
  Select,
  Stack,
  Text,
  TextInput,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';

import {
  deviceTagSchema,
  GROUP_NAME_MAX,
  GROUP_RULE_PLATFORMS,
  groupNameSchema,
  groupRuleSchema,
  NAME_PATTERN_MAX,
} from '@shared/api/device-groups';
import { DEVICE_TAG_MAX } from '@shared/device-tags';

import type { Group, GroupRule, GroupSummary } from '../../api/device-groups';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { RULE_PLATFORM_OPTIONS } from './group-words';

const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** The rule's three conditions as the form holds them: blanks mean "any". */
const ruleFieldsSchema = z.object({
  platform: z.enum(GROUP_RULE_PLATFORMS).nullable(),
  namePattern: groupRuleSchema.shape.namePattern,
  tag: z.preprocess(blankAsNull, deviceTagSchema.nullable()),
});
type RuleFields = z.output<typeof ruleFieldsSchema>;
const isEmptyRule = (rule: RuleFields) => rule.platform === null && rule.namePattern === null && rule.tag === null;

/** A new group's rule is optional: three blanks are no rule. */
const newGroupFormSchema = z.object({
  name: groupNameSchema,
  rule: ruleFieldsSchema.transform((rule) => (isEmptyRule(rule) ? null : rule)),
});

/** Editing the rule needs one condition at least; taking the rule away is its own action. */
const editRuleFormSchema = z.object({
  rule: ruleFieldsSchema.superRefine((rule, context) => {
    if (isEmptyRule(rule))
      context.addIssue({ code: 'custom', path: ['platform'], message: 'A rule needs a platform, a name pattern or a tag' });
  }),
});

const renameFormSchema = z.object({ name: groupNameSchema });

function ruleValues(rule: GroupSummary['rule']): { platform: string | null; namePattern: string; tag: string } {
  return { platform: rule?.platform ?? null, namePattern: rule?.namePattern ?? '', tag: rule?.tag ?? '' };
}

type RuleField = 'platform' | 'namePattern' | 'tag';

/** Platform, name pattern and tag: a machine matches when it matches every one given. */
function RuleFieldset({ field }: { field: (name: RuleField) => Partial<SelectProps & TextInputProps> }) {
  return (
    <Stack gap="sm">
      <Select
        label="Platform"
        placeholder="Any platform"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear platform' }}
        data={RULE_PLATFORM_OPTIONS.map((option) => ({ ...option }))}
        {...field('platform')}
      />
      <TextInput
        label="Name pattern"
        placeholder="office-*"
        description="The machine's name, with * for any run of characters; any case."
        maxLength={NAME_PATTERN_MAX + 20}
        {...field('namePattern')}
      />
      <TextInput
        label="Tag"
        placeholder="lab"
        description="A tag the machine's agent reports (loadout-agent run --tag lab)."
        maxLength={DEVICE_TAG_MAX + 20}
        {...field('tag')}
      />
    </Stack>
  );
}

interface NewGroupModalProps {
  loading: boolean;
  onSubmit: (request: { name: string; rule: GroupRule | null }) => Promise<void>;
  onClose: () => void;
}

/** "New group": a name, and optionally a rule that brings matching machines in by themselves. */
export function NewGroupModal({ loading, onSubmit, onClose }: NewGroupModalProps) {
  const form = useForm({
    name: 'new-group',
    initialValues: { name: '', rule: ruleValues(null) },
    ...schemaForm(newGroupFormSchema),
  });

  async function save(request: z.output<typeof newGroupFormSchema>) {
    try {
      await onSubmit(request);
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, 'Failed to create the group'));
    }
  }

  return (
    <Modal opened onClose={onClose} title="New group" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={form.onSubmit(
          (values) => void save(values),
          (errors) => focusFirstError(form, errors),
        )}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="Group name"
            placeholder="e.g. Office machines"
            required
            data-autofocus
            maxLength={GROUP_NAME_MAX + 20}
            {...form.getInputProps('name')}
          />
          <Fieldset legend="Rule (optional)" variant="unstyled" p={0}>
            <Text size="xs" c="dimmed" mb="xs">
              Machines that match every condition you give join by themselves, now and when they enrol. Leave all three empty to add
              machines by hand or with the group&apos;s token.
            </Text>
            <RuleFieldset field={(name) => form.getInputProps(`rule.${name}`)} />
          </Fieldset>
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Create group
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}

interface EditRuleModalProps {
  group: Pick<Group, 'name' | 'rule'>;
  loading: boolean;
  onSubmit: (rule: GroupRule) => Promise<void>;
  onClose: () => void;
}

/** "Edit rule": machines that stop matching leave the group; nothing is uninstalled from them. */
export function EditRuleModal({ group, loading, onSubmit, onClose }: EditRuleModalProps) {
  const form = useForm({ name: 'edit-rule', initialValues: { rule: ruleValues(group.rule) }, ...schemaForm(editRuleFormSchema) });

  async function save({ rule }: z.output<typeof editRuleFormSchema>) {
    try {
      await onSubmit(rule);
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, 'Failed to change the rule'));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={group.rule ? `Edit the rule of ${group.name}` : `Add a rule to ${group.name}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={form.onSubmit(
          (values) => void save(values),
          (errors) => focusFirstError(form, errors),
        )}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            Machines that match every condition you give join the group and get its lists. Machines that joined by the old rule and no
            longer match leave it; nothing is uninstalled from them.
          </Text>
          <RuleFieldset field={(name) => form.getInputProps(`rule.${name}`)} />
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Save rule
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}

interface RenameGroupModalProps {
  name: string;
  loading: boolean;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

export function RenameGroupModal({ name, loading, onSubmit, onClose }: RenameGroupModalProps) {
  const form = useForm({ name: 'rename-group', initialValues: { name }, ...schemaForm(renameFormSchema) });

  async function save(values: z.output<typeof renameFormSchema>) {
    try {
      await onSubmit(values.name);
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, 'Failed to rename the group'));
    }
  }

  return (
    <Modal opened onClose={onClose} title="Rename group" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={form.onSubmit(
          (values) => void save(values),
          (errors) => focusFirstError(form, errors),
        )}
        noValidate
      >
        <Stack gap="md">
          <TextInput label="Group name" required data-autofocus maxLength={GROUP_NAME_MAX + 20} {...form.getInputProps('name')} />
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Rename
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
