/**
 * /forgotPassword (spec 1 §2, spec 2 §8.3): step 1 sends a 6-digit code to the email address;
 * step 2 takes the code and the new password. Success returns to /login with a toast.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { passwordProblems } from '@sunfield/domain';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { splitFormErrors, type FormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { safeRedirect } from '../../lib/safeRedirect.ts';
import { AuthCard } from '../../shell/PublicLayout.tsx';
import { PasswordChecklist } from '../signUp/PasswordChecklist.tsx';

export const PASSWORD_RESET_TOAST = 'Your password has been reset. Sign in with your new password.';
const NO_ERRORS: FormErrors = { fields: {}, general: [] };

export function ForgotPasswordScreen() {
  usePageTitle('Forgot Password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);

  const run = async (fields: string[], call: () => Promise<void>) => {
    setSubmitting(true);
    try {
      await call();
      setErrors(NO_ERRORS);
    } catch (error) {
      setErrors(splitFormErrors(error, fields));
    } finally {
      setSubmitting(false);
    }
  };

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!email.trim()) return setErrors({ fields: { email: 'Email is required.' }, general: [] });
    await run(['email'], async () => {
      await api('/auth/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
        silent: true,
        noAuthRetry: true,
      });
      setStep('code');
    });
  };

  const resetPassword = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!code.trim()) missing.code = 'Code is required.';
    if (!password) missing.password = 'Password is required.';
    else if (passwordProblems(password).length) missing.password = 'Choose a stronger password.';
    if (Object.keys(missing).length) return setErrors({ fields: missing, general: [] });
    await run(['email', 'code', 'password'], async () => {
      await api('/auth/forgot-password/submit', {
        method: 'POST',
        body: { email: email.trim(), code: code.trim(), password },
        silent: true,
        noAuthRetry: true,
      });
      toast(PASSWORD_RESET_TOAST);
      const query = new URLSearchParams({ email: email.trim() });
      const redirectUri = safeRedirect(params.get('redirectUri'), '');
      if (redirectUri) query.set('redirectUri', redirectUri);
      navigate(`/login?${query.toString()}`, { replace: true });
    });
  };

  return (
    <AuthCard title="Reset your password">
      <Stack>
        {errors.general.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {errors.general.join(' ')}
          </Alert>
        )}
        {step === 'email' ? (
          <form onSubmit={sendCode} noValidate>
            <Stack>
              <Text size="sm" c="dimmed">
                Enter the email address of your account and we will email you a 6-digit code.
              </Text>
              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={errors.fields.email}
              />
              <Button type="submit" loading={submitting} fullWidth>
                Send Code
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={resetPassword} noValidate>
            <Stack>
              <Text size="sm">
                If an account exists for <b>{email}</b>, a code is on its way. Enter it with your new
                password.
              </Text>
              <TextInput
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={errors.fields.code ?? errors.fields.email}
              />
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.fields.password}
              />
              <PasswordChecklist password={password} />
              <Button type="submit" loading={submitting} fullWidth>
                Reset Password
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={() => void sendCode()}>
                Send a new code
              </Anchor>
            </Stack>
          </form>
        )}
        <Group justify="center">
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}
