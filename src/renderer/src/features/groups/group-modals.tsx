import {
  Button,
  Fieldset,
  Modal,
  Group as Row,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  type SelectProps,
  type SwitchProps,
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
  removeTakenOut: z.boolean(),
});

/** Editing the rule needs one condition at least; taking the rule away is its own action. */
const editRuleFormSchema = z.object({
  rule: ruleFieldsSchema.superRefine((rule, context) => {
    if (isEmptyRule(rule))
      context.addIssue({ code: 'custom', path: ['platform'], message: 'A rule needs a platform, a name pattern or a tag' });
  }),
});

const editGroupFormSchema = z.object({ name: groupNameSchema, removeTakenOut: z.boolean() });

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

/** The group's one setting about removing: off, an app taken out of its lists stays on the machines. */
function RemoveTakenOutSwitch(props: Partial<SwitchProps>) {
  return (
    <Switch
      label="Offer to remove apps taken out of this group's lists"
      description="When an app leaves its lists, or a list is detached, each machine that has it is asked what removing it would take. Nothing is removed until you confirm, after seeing what each machine would remove."
      {...props}
    />
  );
}

interface NewGroupModalProps {
  loading: boolean;
  onSubmit: (request: { name: string; rule: GroupRule | null; removeTakenOut: boolean }) => Promise<void>;
  onClose: () => void;
}

/** "New group": a name, and optionally a rule that brings matching machines in by themselves. */
export function NewGroupModal({ loading, onSubmit, onClose }: NewGroupModalProps) {
  const form = useForm({
    name: 'new-group',
    initialValues: { name: '', rule: ruleValues(null), removeTakenOut: false },
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
          <RemoveTakenOutSwitch {...form.getInputProps('removeTakenOut', { type: 'checkbox' })} />
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

interface EditGroupModalProps {
  group: Pick<Group, 'name' | 'removeTakenOut'>;
  loading: boolean;
  /** Only what changed; nothing when nothing did. */
  onSubmit: (change: { name?: string; removeTakenOut?: boolean }) => Promise<void>;
  onClose: () => void;
}

/** "Edit group": its name, and whether apps taken out of its lists are offered for removal. */
export function EditGroupModal({ group, loading, onSubmit, onClose }: EditGroupModalProps) {
  const form = useForm({
    name: 'edit-group',
    initialValues: { name: group.name, removeTakenOut: group.removeTakenOut },
    ...schemaForm(editGroupFormSchema),
  });

  async function save(values: z.output<typeof editGroupFormSchema>) {
    try {
      await onSubmit({
        ...(values.name !== group.name ? { name: values.name } : {}),
        ...(values.removeTakenOut !== group.removeTakenOut ? { removeTakenOut: values.removeTakenOut } : {}),
      });
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, 'Failed to save the group'));
    }
  }

  return (
    <Modal opened onClose={onClose} title="Edit group" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={form.onSubmit(
          (values) => void save(values),
          (errors) => focusFirstError(form, errors),
        )}
        noValidate
      >
        <Stack gap="md">
          <TextInput label="Group name" required data-autofocus maxLength={GROUP_NAME_MAX + 20} {...form.getInputProps('name')} />
          <RemoveTakenOutSwitch {...form.getInputProps('removeTakenOut', { type: 'checkbox' })} />
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Save
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
