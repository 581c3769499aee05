import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { pinListItemRequestSchema } from '@shared/api/lists';
import { isValidPinnedVersion } from '@shared/package-ids';

import { useGetListStatusQuery } from '../../api/installations';
import { useSetListItemPinMutation, type ListItem } from '../../api/lists';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';

interface PinVersionModalProps {
  listId: string;
  item: ListItem;
  onClose: () => void;
}

/**
 * "Pin version…": installs of the list ask for this version and updates leave the app at it.
 * What each package manager can do with a pin is in docs/pinned-versions.md; the words here stay short.
 */
export function PinVersionModal({ listId, item, onClose }: PinVersionModalProps) {
  const [setPin, { isLoading }] = useSetListItemPinMutation();
  const form = useForm({ initialValues: { version: item.pinnedVersion ?? '' }, ...schemaForm(pinListItemRequestSchema) });
  // The versions the list's machines reported for this app, installed or available: one click to pin.
  const status = useGetListStatusQuery(listId);
  const known = [
    ...new Set(
      (status.data?.devices ?? [])
        .flatMap((device) => device.apps.filter((app) => app.appId === item.app_id))
        .flatMap((app) => [app.installedVersion, app.availableVersion])
        .filter((version): version is string => version !== null && isValidPinnedVersion(version)),
    ),
  ].slice(0, 6);

  async function save({ version }: { version: string }) {
    try {
      await setPin({ listId, appId: item.app_id, version }).unwrap();
      notify.success(`${item.name} is pinned at ${version}`);
      onClose();
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, `Could not pin ${item.name}`));
    }
  }

  async function unpin() {
    try {
      await setPin({ listId, appId: item.app_id, version: null }).unwrap();
      notify.success(`${item.name} is no longer pinned`);
      onClose();
    } catch (failure) {
      notify.error(errorMessage(failure, `Could not unpin ${item.name}`));
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Pin ${item.name}`} centered>
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Installs ask for this version, and updates leave {item.name} at it. Some package managers cannot install a chosen version; the
            installation then says so.
          </Text>
          <TextInput
            label="Version"
            placeholder="e.g. 1.2.3"
            description="Letters, digits and . + ~ : _ -"
            required
            data-autofocus
            maxLength={80}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('version')}
          />
          {known.length > 0 ? (
            <Group gap="xs" role="group" aria-label="Versions on your machines">
              <Text size="xs" c="dimmed">
                On your machines:
              </Text>
              {known.map((version) => (
                <Button key={version} size="compact-xs" variant="light" onClick={() => form.setFieldValue('version', version)}>
                  {version}
                </Button>
              ))}
            </Group>
          ) : null}
          <Group justify="space-between">
            {item.pinnedVersion === null ? (
              <span />
            ) : (
              <Button variant="subtle" color="red" onClick={() => void unpin()} disabled={isLoading}>
                Unpin
              </Button>
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={isLoading}>
                Pin
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
