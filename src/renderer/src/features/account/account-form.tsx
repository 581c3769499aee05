import { Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';

import type { AccountResponse } from '@shared/api/account';
import { ErrorCode } from '@shared/api/errors';
import { TIMING } from '@shared/constants';

import { useResendVerificationMutation, useUpdateAccountMutation } from '../../api/account';
import { errorCode, errorMessage } from '../../lib/api-errors';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { saveUser } from '../../lib/session';
import { accountFormSchema, type AccountFormOutput } from './account-form-schema';

/** "17 May 1990" in the reader's language; the stored date is a calendar day, so no time zone moves it. */
function dateOfBirthText(date: string | null): string {
  if (!date) return 'Not given';
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' });
}

interface AccountFormProps {
  account: AccountResponse;
  onSendResetLink: () => void;
}

/** Personal Information and Security of the settings screen, saved together. */
export function AccountForm({ account, onSendResetLink }: AccountFormProps) {
  const [updateAccount, { isLoading: saving }] = useUpdateAccountMutation();
  const [resendVerification, { isLoading: resending }] = useResendVerificationMutation();
  const form = useForm({
    initialValues: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
    ...schemaForm(useMemo(() => accountFormSchema(account.email), [account.email])),
  });

  async function save({ confirmPassword: _confirmed, ...request }: AccountFormOutput) {
    try {
      const result = await updateAccount(request).unwrap();
      saveUser(result.user);
      // Until the new address confirms, the account keeps the one it has.
      form.setValues({ email: result.user.email, currentPassword: '', newPassword: '', confirmPassword: '' });
      notify.success('Account details updated successfully');
      if (request.newPassword && result.passwordChanged) notify.success('Password updated successfully!');
      if (result.pendingEmail) {
        notify.info(`We sent a link to ${result.pendingEmail}. Your email address changes when you open it.`, {
          title: 'Confirm your new email',
          autoClose: TIMING.toastVerificationHintMs,
        });
      }
    } catch (failure) {
      if (applyServerErrors(form, failure)) return;
      if (errorCode(failure) === ErrorCode.INVALID_CURRENT_PASSWORD) {
        // A 403 without details, but it is about that field all the same.
        form.setFieldError('currentPassword', errorMessage(failure, 'Current password is incorrect'));
        form.getInputNode('currentPassword')?.focus();
      } else notify.error(errorMessage(failure, 'Failed to update account details'));
    }
  }

  async function handleResend() {
    try {
      await resendVerification().unwrap();
      notify.success('Verification email sent successfully');
    } catch {
      notify.error('Failed to send verification email');
    }
  }

  return (
    <form onSubmit={form.onSubmit(save, (errors) => focusFirstError(form, errors))} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="personal-heading">
          <Title order={2} fz="lg" mb="md" id="personal-heading">
            Personal Information
          </Title>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
              <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
            </SimpleGrid>
            {/* Given at sign-up (where it is required) and not changed here: shown so the account holds no hidden data. */}
            <TextInput
              label="Date of birth"
              value={dateOfBirthText(account.dateOfBirth)}
              readOnly
              variant="filled"
              description="As given when you signed up. It cannot be changed here."
            />
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <Group gap="sm">
              <Badge color={account.isEmailVerified ? 'green' : 'yellow'} variant="light" size="lg">
                {account.isEmailVerified ? 'Verified' : 'Not Verified'}
              </Badge>
              {account.isEmailVerified ? null : (
                <Button variant="light" size="xs" loading={resending} onClick={() => void handleResend()}>
                  Resend Verification Email
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="security-heading">
          <Title order={2} fz="lg" id="security-heading">
            Security
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Leave the password fields empty to keep your current password. Changing your email also needs your current password.
          </Text>
          <Stack gap="md">
            <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('newPassword')} />
              <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
            </SimpleGrid>
            <Group justify="space-between" align="center" gap="sm">
              <Text size="sm" c="dimmed">
                Forgot your current password?
              </Text>
              <Button variant="default" onClick={onSendResetLink}>
                Send Password Reset Link
              </Button>
            </Group>
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
