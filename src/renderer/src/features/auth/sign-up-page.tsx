import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { RegisterRequest } from '@shared/api/auth';

import { AuthCard } from '../../components/auth-card';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { safeRedirectTarget } from '../../lib/navigation';
import { schemaForm } from '../../lib/schema-form';
import { useGoogleSignIn } from './google-sign-in';
import { placeProblems, signUpFormSchema } from './sign-up-form';
import { SignUpNotice } from './sign-up-notice';
import { useSignUp, type SignUpNotice as Notice } from './use-sign-up';

/** Today as yyyy-mm-dd, the latest date of birth the date input offers. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function SignUpPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const { signUp, busy } = useSignUp();
  const google = useGoogleSignIn(redirect);
  const form = useForm({
    initialValues: {
      email: params.get('email') ?? '',
      password: '',
      firstName: '',
      lastName: '',
      careerField: '',
      dateOfBirth: '',
      agreeToTerms: false,
      receiveEmails: false,
    },
    ...schemaForm(signUpFormSchema),
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const problems = placeProblems(form.errors);

  async function submit(request: RegisterRequest) {
    setRefusal(null);
    const outcome = await signUp(request, safeRedirectTarget(redirect));
    if (outcome.kind === 'notice') setNotice(outcome.notice);
    if (outcome.kind === 'refused' && !applyServerErrors(form, outcome.failure)) {
      setRefusal(errorMessage(outcome.failure, 'Registration failed. Please try again.'));
    }
  }

  function refuse(errors: FormErrors) {
    setRefusal(null);
    focusFirstError(form, errors);
  }

  if (notice) {
    return (
      <AuthCard title="Create Your Account" width={560}>
        <SignUpNotice notice={notice} redirect={redirect} onBack={() => setNotice(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create Your Account" subtitle="Keep your apps in lists and install them anywhere" width={560}>
      <Stack gap="md">
        <form onSubmit={form.onSubmit(submit, refuse)} noValidate>
          <Stack gap="md">
            {(refusal ?? problems.head) ? (
              <Alert color="red" variant="light" role="alert">
                {refusal ?? problems.head}
              </Alert>
            ) : null}
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email', { withError: false })} />
            <PasswordInput
              label="Password"
              description="At least 8 characters, not your name or email address"
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
              error={problems.password}
              aria-invalid={problems.password ? true : undefined}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label="Legal first name"
                autoComplete="given-name"
                required
                {...form.getInputProps('firstName', { withError: false })}
              />
              <TextInput
                label="Legal last name"
                autoComplete="family-name"
                required
                {...form.getInputProps('lastName', { withError: false })}
              />
            </SimpleGrid>
            <TextInput
              label="Career field or industry (optional)"
              autoComplete="organization-title"
              {...form.getInputProps('careerField', { withError: false })}
            />
            <TextInput
              label="Date of birth"
              type="date"
              autoComplete="bday"
              required
              max={today()}
              {...form.getInputProps('dateOfBirth', { withError: false })}
            />
            <Checkbox
              required
              {...form.getInputProps('agreeToTerms', { type: 'checkbox', withError: false })}
              label={
                <>
                  I agree to the{' '}
                  <Anchor component={Link} to="/terms-of-use" target="_blank" inherit>
                    Terms of Use
                  </Anchor>
                </>
              }
            />
            <Checkbox {...form.getInputProps('receiveEmails', { type: 'checkbox' })} label="Send me product news and offers" />
            <Button type="submit" fullWidth loading={busy} disabled={busy || !form.values.agreeToTerms}>
              Create Account
            </Button>
          </Stack>
        </form>
        <Divider label="or" labelPosition="center" />
        <Stack gap={4}>
          <Button
            variant="default"
            fullWidth
            leftSection={<IconBrandGoogle size={18} aria-hidden />}
            loading={google.busy}
            disabled={google.unavailable}
            aria-describedby={google.unavailable ? 'google-unavailable' : undefined}
            onClick={() => void google.start()}
          >
            Sign up with Google
          </Button>
          {google.unavailable ? (
            <Text id="google-unavailable" size="xs" c="dimmed" ta="center">
              Google Sign-In is currently unavailable: this server has not been set up for it. Sign up with your email above.
            </Text>
          ) : null}
        </Stack>
        <Group justify="center" gap={4}>
          <Text size="sm">Already have an account?</Text>
          <Anchor
            component={Link}
            to={redirect ? `/sign-in?${new URLSearchParams({ redirect }).toString()}` : '/sign-in'}
            size="sm"
            fw={600}
          >
            Sign In
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}
