import { Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AccountResponse } from '@shared/api/account';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { saveUser } from '../../lib/session';
import { useResendVerificationMutation, useUpdateAccountMutation } from './account-api';
import { validateAccountForm, type AccountFormErrors, type AccountFormValues } from './account-validation';

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

  function field(key: keyof AccountFormValues) {
    return {
      value: values[key],
      error: errors[key],
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [key]: value }));
        setErrors((current) => ({ ...current, [key]: undefined }));
      },
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateAccountForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const changingPassword = values.newPassword.length > 0;
    try {
      const result = await updateAccount({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        ...(changingPassword ? { currentPassword: values.currentPassword, newPassword: values.newPassword } : {}),
      }).unwrap();
      saveUser(result.user);
      setValues((current) => ({ ...current, currentPassword: '', newPassword: '', confirmPassword: '' }));
      notify.success('Account details updated successfully');
      if (changingPassword && result.passwordChanged) notify.success('Password updated successfully!');
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to update account details'));
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
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
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
            Leave the password fields empty to keep your current password.
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
