import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';

import { PACKAGE_ID_FIELDS, type App } from '@shared/api/catalogue';
import { ownAppRequestSchema } from '@shared/api/own-apps';
import { packageSource, perPackageField } from '@shared/package-managers';

import {
  ownAppExistsOf,
  useCreateOwnAppMutation,
  useDeleteOwnAppMutation,
  useGetOwnAppsQuery,
  useUpdateOwnAppMutation,
  type ExistingOwnApp,
  type OwnApp,
} from '../../api/own-apps';
import { ConfirmModal } from '../../components/confirm-modal';
import { LoadingRow } from '../../components/loading-row';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { packageIdsText } from '../../lib/package-id-labels';
import { schemaForm } from '../../lib/schema-form';
import { CatalogueAppRow } from './catalogue-app-row';
import { OwnAppExistsAlert } from './own-app-exists-alert';

/** An own app shown in the catalogue's row: its ids where a catalogue app has a description. */
function asRow(app: OwnApp): App {
  return {
    ...app,
    description: packageIdsText(app),
    category: 0,
    category_name: 'Your app',
    website: '',
    file_size_kb: null,
    icon_file_location: null,
    publisher: '',
    curated: false,
  };
}

const EMPTY_OWN_APP = { name: '', ...perPackageField(() => '') };

/** The form's fields for one of your apps: its name and ids, a missing id as an empty field. */
function formValues(app: OwnApp): typeof EMPTY_OWN_APP {
  const values = { ...EMPTY_OWN_APP, name: app.name };
  for (const field of PACKAGE_ID_FIELDS) values[field] = app[field] ?? '';
  return values;
}

interface OwnAppsSectionProps {
  /** The search typed in the drawer: your apps are filtered by it too. */
  search: string;
  inList: ReadonlySet<number>;
  pending: number | null;
  blockedReason: string | null;
  onAdd: (appId: number) => Promise<void>;
}

/** "Your apps" in the "Add apps" drawer: the apps you added yourself, and a form to add one the catalogue lacks. */
export function OwnAppsSection({ search, inList, pending, blockedReason, onAdd }: OwnAppsSectionProps) {
  const ownApps = useGetOwnAppsQuery();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<OwnApp | null>(null);
  const [deleting, setDeleting] = useState<OwnApp | null>(null);
  const [deleteOwnApp, deletion] = useDeleteOwnAppMutation();
  const needle = search.trim().toLowerCase();
  const shown = (ownApps.data ?? []).filter((app) => needle === '' || app.name.toLowerCase().includes(needle));

  return (
    <Stack gap="xs" component="section" aria-labelledby="own-apps-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h5" id="own-apps-title">
          Your apps
        </Title>
        {formOpen || editing ? null : (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setFormOpen(true)}>
            Add your own app
          </Button>
        )}
      </Group>
      {formOpen ? (
        <OwnAppForm
          blockedReason={blockedReason}
          yourApps={ownApps.data ?? []}
          inList={inList}
          onDone={async (appId) => {
            setFormOpen(false);
            if (appId !== null && !inList.has(appId)) await onAdd(appId);
          }}
        />
      ) : null}
      {editing ? <OwnAppEditForm key={editing.app_id} app={editing} onDone={() => setEditing(null)} /> : null}
      {ownApps.isLoading ? (
        <LoadingRow label="Loading your apps…" />
      ) : ownApps.isError ? (
        <Text size="sm" c="red">
          Your apps could not be loaded.
        </Text>
      ) : (ownApps.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          An app the catalogue lacks? Add it with its package id, and it installs like any other. Only you see it.
        </Text>
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          None of your apps match your search.
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Your apps">
          {shown.map((app) => (
            <CatalogueAppRow
              key={app.app_id}
              app={asRow(app)}
              added={inList.has(app.app_id)}
              adding={pending === app.app_id}
              blockedReason={blockedReason}
              onAdd={() => void onAdd(app.app_id)}
              actions={
                <>
                  <Tooltip label="Change its name or package ids" openDelay={400}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit ${app.name}`}
                      onClick={() => {
                        setFormOpen(false);
                        setEditing(app);
                      }}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete from your apps" openDelay={400}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Delete ${app.name} from your apps`}
                      onClick={() => setDeleting(app)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </>
              }
            />
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete your app?"
        confirmLabel="Delete"
        danger
        loading={deletion.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        {deleting ? `${deleting.name} leaves your apps and every list of yours. Nothing is uninstalled from your machines.` : null}
      </ConfirmModal>
    </Stack>
  );

  async function remove() {
    if (!deleting) return;
    try {
      await deleteOwnApp(deleting.app_id).unwrap();
      notify.success(`${deleting.name} is deleted from your apps`);
      setDeleting(null);
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to delete your app'));
    }
  }
}

interface OwnAppFormProps {
  blockedReason: string | null;
  /** Your apps as listed below: the one a refusal names is called by its name. */
  yourApps: readonly OwnApp[];
  inList: ReadonlySet<number>;
  /** Called with the app to add to the list (null when cancelled). */
  onDone: (appId: number | null) => Promise<void>;
}

type OwnAppFields = z.output<typeof ownAppRequestSchema>;

/** The form of one own app, new (empty) or to edit (its fields), checked by the server's schema. */
function useOwnAppForm(name: string, initialValues: typeof EMPTY_OWN_APP, onValuesChange?: () => void) {
  return useForm({ name, initialValues, onValuesChange, ...schemaForm(ownAppRequestSchema) });
}

/** A new app of yours, saved and (unless the list is full or read-only) added to the list. */
function OwnAppForm({ blockedReason, yourApps, inList, onDone }: OwnAppFormProps) {
  const [createOwnApp, { isLoading }] = useCreateOwnAppMutation();
  // Your app that has the id typed: shown until the fields change, with the offer to add it instead.
  const [existing, setExisting] = useState<ExistingOwnApp | null>(null);
  const [addingExisting, setAddingExisting] = useState(false);
  const form = useOwnAppForm('own-app', EMPTY_OWN_APP, () => setExisting(null));
  const existingName = yourApps.find((app) => app.app_id === existing?.appId)?.name ?? null;

  // The form closes and the app's row below reads "added"; a refusal (a full list) says so there.
  async function addExisting(appId: number) {
    setAddingExisting(true);
    try {
      await onDone(appId);
    } finally {
      setAddingExisting(false);
    }
  }

  async function save(app: OwnAppFields) {
    setExisting(null);
    try {
      const saved = await createOwnApp(app).unwrap();
      notify.success(
        blockedReason ? `${saved.name} is saved in your apps.` : `${saved.name} is saved in your apps and added to this list.`,
      );
      form.reset();
      await onDone(blockedReason ? null : saved.app_id);
    } catch (failure) {
      const named = ownAppExistsOf(failure);
      // The fields that clash are marked too; the alert under the form says which app and what to do.
      const onFields = applyServerErrors(form, failure);
      if (named) setExisting(named);
      else if (!onFields) notify.error(errorMessage(failure, 'Failed to save your app'));
    }
  }

  return (
    <OwnAppFormFields
      form={form}
      label="Add your own app"
      hint="Give a name and at least one package id, exactly as its package manager knows it."
      submitLabel={blockedReason ? 'Save app' : 'Save and add'}
      saving={isLoading}
      onSave={save}
      onCancel={() => void onDone(null)}
      below={
        existing ? (
          <OwnAppExistsAlert
            existing={existing}
            name={existingName}
            inList={inList.has(existing.appId)}
            blockedReason={blockedReason}
            adding={addingExisting}
            onAdd={() => void addExisting(existing.appId)}
          />
        ) : null
      }
    />
  );
}

/** One of your apps changed in place: a typo in an id is fixed without taking the app out of your lists. */
function OwnAppEditForm({ app, onDone }: { app: OwnApp; onDone: () => void }) {
  const [updateOwnApp, { isLoading }] = useUpdateOwnAppMutation();
  const form = useOwnAppForm(`own-app-${app.app_id}`, formValues(app));

  async function save(fields: OwnAppFields) {
    try {
      const saved = await updateOwnApp({ id: app.app_id, app: fields }).unwrap();
      notify.success(`${saved.name} is saved`);
      onDone();
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, 'Failed to save your app'));
    }
  }

  return (
    <OwnAppFormFields
      form={form}
      label={`Edit ${app.name}`}
      hint="Your lists install it by these package ids; nothing already installed is touched."
      submitLabel="Save changes"
      saving={isLoading}
      onSave={save}
      onCancel={onDone}
    />
  );
}

interface OwnAppFormFieldsProps {
  form: ReturnType<typeof useOwnAppForm>;
  label: string;
  hint: string;
  submitLabel: string;
  saving: boolean;
  onSave: (app: OwnAppFields) => Promise<void>;
  onCancel: () => void;
  /** Shown under the form's buttons: what a refusal means and what to do instead. */
  below?: ReactNode;
}

/** A name and one field per package manager, each checked by that manager's grammar (here and on the server). */
function OwnAppFormFields({ form, label, hint, submitLabel, saving, onSave, onCancel, below }: OwnAppFormFieldsProps) {
  return (
    <Paper withBorder p="sm" radius="md">
      <form onSubmit={form.onSubmit(onSave, (errors) => focusFirstError(form, errors))} noValidate aria-label={label}>
        <Stack gap="sm">
          {/* Which app the form is about: the row it came from is further down the drawer. */}
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {label}
            </Text>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </Stack>
          {/* Opened by a click on Add or Edit: the cursor goes where the typing starts. */}
          <TextInput label="Name" required autoFocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {PACKAGE_ID_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={packageSource(field).label}
                placeholder={packageSource(field).example}
                autoComplete="off"
                spellCheck={false}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" size="xs" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      {below ? <Stack mt="sm">{below}</Stack> : null}
    </Paper>
  );
}
