import { Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AccountResponse } from '@shared/api/account';
import { TIMING } from '@shared/constants';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { saveUser } from '../../lib/session';
import { useResendVerificationMutation, useUpdateAccountMutation } from './account-api';
import {
  isEmailChange,
  isPasswordChange,
  serverAccountErrors,
  validateAccountForm,
  type AccountFormErrors,
  type AccountFormValues,
} from './account-validation';

interface AccountFormProps {
  account: AccountResponse;
  onSendResetLink: () => void;
}

/** Personal Information and Security of SPEC §2 "Settings screen", saved together. */
export function AccountForm({ account, onSendResetLink }: AccountFormProps) {
  const [updateAccount, { isLoading: saving }] = useUpdateAccountMutation();
  const [resendVerification, { isLoading: resending }] = useResendVerificationMutation();
  const [values, setValues] = useState<AccountFormValues>({
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<AccountFormErrors>({});
  // Bumped on each refused save, so focus moves to the first field in error even when the
  // messages are the same as last time.
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function refuse(problems: AccountFormErrors) {
    setErrors(problems);
    setRefusals((count) => count + 1);
  }

  function field(key: keyof AccountFormValues) {
    return {
      value: values[key],
      error: errors[key],
      // PasswordInput, unlike TextInput, does not mark itself invalid for assistive technology.
      'aria-invalid': errors[key] ? true : undefined,
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [key]: value }));
        setErrors((current) => ({ ...current, [key]: undefined }));
      },
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateAccountForm(values, account);
    if (Object.keys(problems).length > 0) {
      refuse(problems);
      return;
    }
    setErrors({});
    const changingPassword = isPasswordChange(values, account.email);
    // A new address needs the current password as well: a stolen session must not be enough.
    const needsPassword = changingPassword || isEmailChange(values, account.email);
    try {
      const result = await updateAccount({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        ...(needsPassword ? { currentPassword: values.currentPassword } : {}),
        ...(changingPassword ? { newPassword: values.newPassword } : {}),
      }).unwrap();
      saveUser(result.user);
      // Until the new address confirms, the account keeps the one it has.
      setValues((current) => ({ ...current, email: result.user.email, currentPassword: '', newPassword: '', confirmPassword: '' }));
      notify.success('Account details updated successfully');
      if (changingPassword && result.passwordChanged) notify.success('Password updated successfully!');
      if (result.pendingEmail) {
        notify.info(`We sent a link to ${result.pendingEmail}. Your email address changes when you open it.`, {
          title: 'Confirm your new email',
          autoClose: TIMING.toastVerificationHintMs,
        });
      }
    } catch (failure) {
      const onFields = serverAccountErrors(failure);
      if (Object.keys(onFields).length > 0) refuse(onFields);
      else notify.error(errorMessage(failure, 'Failed to update account details'));
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
    <form ref={form} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="personal-heading">
          <Title order={2} fz="lg" mb="md" id="personal-heading">
            Personal Information
          </Title>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="First name" autoComplete="given-name" required {...field('firstName')} />
              <TextInput label="Last name" autoComplete="family-name" {...field('lastName')} />
            </SimpleGrid>
            <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
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
            <PasswordInput label="Current password" autoComplete="current-password" {...field('currentPassword')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PasswordInput label="New password" autoComplete="new-password" {...field('newPassword')} />
              <PasswordInput label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} />
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
