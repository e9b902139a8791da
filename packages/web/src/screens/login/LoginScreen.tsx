/**
 * /login (spec 1 §2): Email and Password, then the authenticator code when the account has one.
 * Shows 'You have been signed out.' after sign-out, pre-fills an invited email, and returns to
 * redirectUri (or the projects list) once signed in.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth/hooks.ts';
import { signIn } from '../../auth/session.ts';
import { splitFormErrors } from '../../lib/formErrors.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { safeRedirect, withRedirect } from '../../lib/safeRedirect.ts';
import { AuthCard } from '../../shell/PublicLayout.tsx';

export const SIGNED_OUT_NOTICE = 'You have been signed out.';

export function LoginScreen() {
  usePageTitle('Sign In');
  const [params] = useSearchParams();
  const { status } = useSession();
  const redirectUri = safeRedirect(params.get('redirectUri'));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });
  const [submitting, setSubmitting] = useState(false);

  if (status === 'signedIn') return <Navigate to={redirectUri} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = 'Email is required.';
    if (!password) missing.password = 'Password is required.';
    if (step === 'totp' && !code.trim()) missing.totp = 'Authenticator code is required.';
    setErrors({ fields: missing, general: [] });
    if (Object.keys(missing).length) return;
    setSubmitting(true);
    try {
      const result = await signIn(email.trim(), password, step === 'totp' ? code.trim() : undefined);
      if (result.totpRequired) setStep('totp');
    } catch (error) {
      const split = splitFormErrors(error, ['email', 'password', 'totp']);
      if (step === 'totp' && !Object.keys(split.fields).length)
        setErrors({ fields: { totp: split.general.join(' ') }, general: [] });
      else setErrors(split);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Sign in to Sunfield">
      <form onSubmit={submit} noValidate>
        <Stack>
          {params.get('logout') === 'true' && (
            <Alert color="blue" variant="light" role="status">
              {SIGNED_OUT_NOTICE}
            </Alert>
          )}
          {errors.general.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {errors.general.join(' ')}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.fields.email}
            disabled={step === 'totp'}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.fields.password}
            disabled={step === 'totp'}
          />
          {step === 'totp' && (
            <TextInput
              label="Authenticator code"
              description="Enter the 6-digit code from your authenticator app."
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={errors.fields.totp}
            />
          )}
          <Button type="submit" loading={submitting} fullWidth>
            Sign In
          </Button>
          <Group justify="space-between">
            <Anchor
              component={Link}
              to={withRedirect('/forgotPassword', params.get('redirectUri'))}
              size="sm"
            >
              Forgot password?
            </Anchor>
            <Text size="sm">
              New to Sunfield?{' '}
              <Anchor component={Link} to={withRedirect('/signUp', params.get('redirectUri'))}>
                Sign up
              </Anchor>
            </Text>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
