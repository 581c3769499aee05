import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { safeRedirectTarget } from '../../lib/navigation';
import { useGoogleSignIn } from './google-sign-in';
import { SignUpNotice } from './sign-up-notice';
import { emptySignUpValues, validateSignUp, type SignUpValues } from './sign-up-validation';
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
  const [values, setValues] = useState<SignUpValues>({ ...emptySignUpValues, email: params.get('email') ?? '' });
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  function set<K extends keyof SignUpValues>(key: K, value: SignUpValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'password') setPasswordError(null);
  }

  function showPasswordError(message: string) {
    setPasswordError(message);
    // Keyboard users land where the problem is; the error is read out as the field's description.
    passwordInput.current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateSignUp(values);
    setError(problem && !problem.field ? problem.message : null);
    setPasswordError(null);
    if (problem?.field === 'password') showPasswordError(problem.message);
    if (problem) return;
    const outcome = await signUp(
      {
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        careerField: values.careerField.trim() || null,
        dateOfBirth: values.dateOfBirth,
        agreeToTerms: true,
        receiveEmails: values.receiveEmails,
      },
      safeRedirectTarget(redirect),
    );
    if (outcome.kind === 'notice') setNotice(outcome.notice);
    if (outcome.kind === 'refused') {
      setError(outcome.message);
      if (outcome.passwordMessage) showPasswordError(outcome.passwordMessage);
    }
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
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            {error ? (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            ) : null}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(event) => set('email', event.currentTarget.value)}
            />
            <PasswordInput
              ref={passwordInput}
              label="Password"
              description="At least 8 characters, not your name or email address"
              autoComplete="new-password"
              required
              error={passwordError}
              // Mantine marks only TextInput invalid for assistive technology, not PasswordInput.
              aria-invalid={passwordError ? true : undefined}
              value={values.password}
              onChange={(event) => set('password', event.currentTarget.value)}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label="Legal first name"
                autoComplete="given-name"
                required
                value={values.firstName}
                onChange={(event) => set('firstName', event.currentTarget.value)}
              />
              <TextInput
                label="Legal last name"
                autoComplete="family-name"
                required
                value={values.lastName}
                onChange={(event) => set('lastName', event.currentTarget.value)}
              />
            </SimpleGrid>
            <TextInput
              label="Career field or industry (optional)"
              autoComplete="organization-title"
              value={values.careerField}
              onChange={(event) => set('careerField', event.currentTarget.value)}
            />
            <TextInput
              label="Date of birth"
              type="date"
              autoComplete="bday"
              required
              max={today()}
              value={values.dateOfBirth}
              onChange={(event) => set('dateOfBirth', event.currentTarget.value)}
            />
            <Checkbox
              required
              checked={values.agreeToTerms}
              onChange={(event) => set('agreeToTerms', event.currentTarget.checked)}
              label={
                <>
                  I agree to the{' '}
                  <Anchor component={Link} to="/terms-of-use" target="_blank" inherit>
                    Terms of Use
                  </Anchor>
                </>
              }
            />
            <Checkbox
              checked={values.receiveEmails}
              onChange={(event) => set('receiveEmails', event.currentTarget.checked)}
              label="Send me product news and offers"
            />
            <Button type="submit" fullWidth loading={busy} disabled={busy || !values.agreeToTerms}>
              Create Account
            </Button>
          </Stack>
        </form>
        <Divider label="or" labelPosition="center" />
        <Button
          variant="default"
          fullWidth
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
          loading={google.busy}
          onClick={() => void google.start()}
        >
          Sign up with Google
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm">Already have an account?</Text>
          <Anchor component={Link} to={redirect ? `/sign-in?${new URLSearchParams({ redirect }).toString()}` : '/sign-in'} size="sm" fw={600}>
            Sign In
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}
