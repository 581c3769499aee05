import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';

import { deleteAccountRequestSchema, type DeleteAccountRequest } from '@shared/api/account';

import { useDeleteAccountMutation } from '../../api/account';
import { errorStatus } from '../../lib/api-errors';
import { applyServerErrors } from '../../lib/form-errors';
import { signOutTo } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { clearAllAccountData } from '../../lib/session';

interface DeleteAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Danger Zone: deleting needs the password again, so that an open session alone cannot delete the account. */
export function DeleteAccountModal({ opened, onClose }: DeleteAccountModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Delete Account" centered>
      {/* The modal unmounts its content when closed, so the password never lingers. */}
      <DeleteAccountForm onClose={onClose} />
    </Modal>
  );
}

function DeleteAccountForm({ onClose }: { onClose: () => void }) {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const form = useForm({ initialValues: { password: '' }, validateInputOnChange: true, ...schemaForm(deleteAccountRequestSchema) });

  async function confirm(request: DeleteAccountRequest) {
    try {
      await deleteAccount(request).unwrap();
      notify.success('Your account has been deleted successfully');
      signOutTo('/sign-in', clearAllAccountData);
    } catch (failure) {
      if (applyServerErrors(form, failure)) return;
      const status = errorStatus(failure);
      notify.error(status === 401 || status === 403 ? 'Incorrect password' : 'Failed to delete account. Please try again.');
    }
  }

  return (
    <form onSubmit={form.onSubmit(confirm)} noValidate>
      <Stack gap="md">
        <Alert color="red" variant="light">
          This permanently deletes your account, your lists and your devices. It cannot be undone.
        </Alert>
        <Text size="sm">Enter your password to confirm.</Text>
        <PasswordInput label="Password" autoComplete="current-password" required data-autofocus {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={isLoading} disabled={!form.values.password}>
            Delete My Account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
