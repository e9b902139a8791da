/**
 * /login (spec 1 §2): Email and Password, then the authenticator code when the account has one.
 * Shows 'You have been signed out.' after sign-out, pre-fills an invited email, and returns to
 * redirectUri (or the projects list) once signed in. Signing in with a temporary password (the one
 * of an invitation) asks for a new password of the user's own (the strength rules of spec 1 §5).
 * "Sign in with your company's single sign-on" (spec 2 §7.13) asks only for the email: the server
 * answers the company provider's sign-in address, the browser goes there, and the provider sends it
 * back through /api/auth/sso/callback, which signs in and opens redirectUri (or returns here with
 * ?ssoError=code, whose text is shown).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { SSO_ERRORS, SSO_SIGN_IN_LABEL, isSsoErrorCode, passwordProblems } from '@sunfield/domain';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth/hooks.ts';
import { signIn, startSingleSignOn } from '../../auth/session.ts';
import { splitFormErrors } from '../../lib/formErrors.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { safeRedirect, withRedirect } from '../../lib/safeRedirect.ts';
import { AuthCard } from '../../shell/PublicLayout.tsx';
import { PasswordChecklist } from '../signUp/PasswordChecklist.tsx';

export const SIGNED_OUT_NOTICE = 'You have been signed out.';
export const NEW_PASSWORD_NOTICE = 'Choose a new password to finish signing in.';

export function LoginScreen() {
  usePageTitle('Sign In');
  const [params] = useSearchParams();
  const { status } = useSession();
  const redirectUri = safeRedirect(params.get('redirectUri'));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [passwordStep, setStep] = useState<'password' | 'totp' | 'newPassword'>('password');
  // /login?sso=1: single sign-on asks only for the email (a link, so that it is no second button).
  const step = params.get('sso') === '1' ? 'sso' : passwordStep;
  const ssoError = params.get('ssoError');
  const loginPath = (sso: boolean) => {
    const query = new URLSearchParams();
    if (sso) query.set('sso', '1');
    if (redirectUri !== '/') query.set('redirectUri', redirectUri);
    const text = query.toString();
    return text ? `/login?${text}` : '/login';
  };
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });
  const [submitting, setSubmitting] = useState(false);

  if (status === 'signedIn') return <Navigate to={redirectUri} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 'sso') return void goToSingleSignOn();
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = 'Email is required.';
    if (!password) missing.password = 'Password is required.';
    if (step === 'totp' && !code.trim()) missing.totp = 'Authenticator code is required.';
    if (step === 'newPassword') {
      const problems = passwordProblems(newPassword);
      if (!newPassword) missing.newPassword = 'Password is required.';
      else if (problems.length) missing.newPassword = problems.join(', ');
      if (confirmPassword !== newPassword) missing.confirmPassword = 'The passwords do not match.';
    }
    setErrors({ fields: missing, general: [] });
    if (Object.keys(missing).length) return;
    setSubmitting(true);
    try {
      const result = await signIn(email.trim(), password, code.trim() || undefined, newPassword || undefined);
      if (result.totpRequired) setStep('totp');
      else if (result.newPasswordRequired) setStep('newPassword');
    } catch (error) {
      const split = splitFormErrors(error, ['email', 'password', 'totp', 'newPassword']);
      if (step === 'totp' && !Object.keys(split.fields).length)
        setErrors({ fields: { totp: split.general.join(' ') }, general: [] });
      else setErrors(split);
    } finally {
      setSubmitting(false);
    }
  };

  /** Asks the server for the company provider's address and goes there (the page unloads). */
  const goToSingleSignOn = async () => {
    if (!email.trim()) {
      setErrors({ fields: { email: 'Email is required.' }, general: [] });
      return;
    }
    setErrors({ fields: {}, general: [] });
    setSubmitting(true);
    try {
      window.location.assign(await startSingleSignOn(email.trim(), redirectUri));
    } catch (error) {
      setErrors(splitFormErrors(error, ['email']));
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
          {step === 'newPassword' && (
            <Alert color="blue" variant="light" role="status">
              {NEW_PASSWORD_NOTICE}
            </Alert>
          )}
          {isSsoErrorCode(ssoError) && errors.general.length === 0 && (
            <Alert color="red" variant="light" role="alert">
              {SSO_ERRORS[ssoError]}
            </Alert>
          )}
          {step === 'sso' && (
            <Text size="sm">Enter your work email: you sign in on your company&apos;s sign-in page.</Text>
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
            disabled={step !== 'password' && step !== 'sso'}
          />
          {step !== 'sso' && (
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.fields.password}
              disabled={step !== 'password'}
            />
          )}
          {step === 'newPassword' && (
            <>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                autoFocus
                required
                value={newPassword}
                onChange={(e) => setNewPassword(e.currentTarget.value)}
                error={errors.fields.newPassword}
              />
              <PasswordChecklist password={newPassword} />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                value={confirmPassword}
                onChange={(e) => setConfirmPassword(e.currentTarget.value)}
                error={errors.fields.confirmPassword}
              />
            </>
          )}
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
            {step === 'sso' ? 'Continue' : 'Sign In'}
          </Button>
          {step === 'password' && (
            <>
              <Divider label="or" labelPosition="center" />
              <Button component={Link} to={loginPath(true)} variant="default" fullWidth>
                {SSO_SIGN_IN_LABEL}
              </Button>
            </>
          )}
          {step === 'sso' && (
            <Anchor component={Link} to={loginPath(false)} size="sm">
              Sign in with a password
            </Anchor>
          )}
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
