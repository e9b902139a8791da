/**
 * /signUp (spec 1 §2): a new company and its first user. The password checklist updates as the
 * user types; the server's field errors show under the fields and nothing typed is lost. After
 * signing up the user accepts the EULA.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { passwordProblems } from '@sunfield/domain';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signUp, type SignUpInput } from '../../auth/session.ts';
import { splitFormErrors, type FormErrors } from '../../lib/formErrors.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { safeRedirect, withRedirect } from '../../lib/safeRedirect.ts';
import { AuthCard } from '../../shell/PublicLayout.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';

const FIELDS = ['companyName', 'firstName', 'lastName', 'email', 'password'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  companyName: 'Company name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
};

export function requiredErrors(input: SignUpInput): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of FIELDS) if (!input[field].trim()) errors[field] = `${LABELS[field]} is required.`;
  if (!errors.password && passwordProblems(input.password).length)
    errors.password = 'Choose a stronger password.';
  return errors;
}

export function SignUpScreen() {
  usePageTitle('Sign Up');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [input, setInput] = useState<SignUpInput>({
    companyName: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: [] });
  const [submitting, setSubmitting] = useState(false);

  const field = (name: (typeof FIELDS)[number]) => ({
    label: LABELS[name],
    required: true,
    value: input[name],
    error: errors.fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setInput((previous) => ({ ...previous, [name]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = requiredErrors(input);
    setErrors({ fields: missing, general: [] });
    if (Object.keys(missing).length) return;
    setSubmitting(true);
    try {
      await signUp({ ...input, email: input.email.trim() });
      navigate(withRedirect('/eula', safeRedirect(params.get('redirectUri'), '')), { replace: true });
    } catch (error) {
      const split = splitFormErrors(error, FIELDS);
      const status = (error as { status?: number }).status;
      if (status === 409 && !split.fields.email)
        setErrors({ fields: { email: split.general.join(' ') }, general: [] });
      else setErrors(split);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Create your Sunfield account">
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.general.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {errors.general.join(' ')}
            </Alert>
          )}
          <TextInput {...field('companyName')} autoComplete="organization" />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput {...field('firstName')} autoComplete="given-name" />
            <TextInput {...field('lastName')} autoComplete="family-name" />
          </SimpleGrid>
          <TextInput {...field('email')} type="email" autoComplete="email" />
          <PasswordInput {...field('password')} autoComplete="new-password" />
          <PasswordChecklist password={input.password} />
          <Button type="submit" loading={submitting} fullWidth>
            Sign Up
          </Button>
          <Group justify="center">
            <Text size="sm">
              Already have an account?{' '}
              <Anchor component={Link} to={withRedirect('/login', params.get('redirectUri'))}>
                Sign in
              </Anchor>
            </Text>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
