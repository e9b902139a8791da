/**
 * /companies/{companyID}/single-sign-on: the company's single sign-on through its OpenID Connect
 * provider (spec 2 §7.13), for its admins and IT admins and super admins (the server answers 403 to
 * others): the issuer, the client registered there (its secret shown masked, blank keeps it), the
 * email domains it signs in, whether first-time users are created (role User), and whether password
 * sign-in is turned off. The redirect URI to register at the provider is the server's.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { PresentedSsoSettings } from '@sunfield/domain';
import { api } from '../../api/client.ts';
import { splitFormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';

export type SsoSettings = PresentedSsoSettings;

export const SSO_SAVED = 'Single sign-on settings have been saved.';
const FIELDS = ['issuer', 'clientId', 'clientSecret', 'allowedDomains', 'passwordSignInDisabled'] as const;

const ssoKey = (companyId: string) => ['company', companyId, 'singleSignOn'] as const;

/** Domains typed one per line, or separated by commas or spaces. */
export const parseDomains = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

export function SingleSignOnPage() {
  usePageTitle('Single Sign-On');
  const { companyID = '' } = useParams();
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: ssoKey(companyID),
    queryFn: ({ signal }) =>
      api<SsoSettings>('/Company/SingleSignOn', { query: { CompanyId: companyID }, signal }),
    retry: false,
  });
  const [form, setForm] = useState({
    enabled: false,
    issuer: '',
    clientId: '',
    clientSecret: '',
    domains: '',
    allowAutoCreate: false,
    passwordSignInDisabled: false,
  });
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const data = stored.data;
    if (!data) return;
    setForm({
      enabled: data.enabled,
      issuer: data.issuer,
      clientId: data.clientId,
      clientSecret: '',
      domains: data.allowedDomains.join('\n'),
      allowAutoCreate: data.allowAutoCreate,
      passwordSignInDisabled: data.passwordSignInDisabled,
    });
  }, [stored.data]);

  if (stored.isError) return <Alert color="red">{stored.error.message}</Alert>;
  if (!stored.data) return <Text c="dimmed">Loading…</Text>;
  const data = stored.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({ fields: {}, general: [] });
    try {
      const saved = await api<SsoSettings>('/Company/SingleSignOn', {
        method: 'PUT',
        query: { CompanyId: companyID },
        body: {
          enabled: form.enabled,
          issuer: form.issuer.trim(),
          clientId: form.clientId.trim(),
          // Blank keeps the stored secret.
          ...(form.clientSecret.trim() ? { clientSecret: form.clientSecret.trim() } : {}),
          allowedDomains: parseDomains(form.domains),
          allowAutoCreate: form.allowAutoCreate,
          passwordSignInDisabled: form.enabled && form.passwordSignInDisabled,
        },
        silent: true,
      });
      queryClient.setQueryData(ssoKey(companyID), saved);
      toast(SSO_SAVED);
    } catch (failure) {
      setErrors(splitFormErrors(failure, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Single Sign-On">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Title order={2} size="h3">
            Single Sign-On
          </Title>
          <Text size="sm" c="dimmed">
            The company&apos;s users sign in through its OpenID Connect provider (authorization code with
            PKCE). Register a confidential client there with this redirect URI:
          </Text>
          <Code aria-label="Redirect URI">{data.redirectUri}</Code>
          {errors.general.length > 0 && (
            <Alert color="red" role="alert">
              {errors.general.join(' ')}
            </Alert>
          )}
          <Switch
            label="Sign in through the company's OpenID Connect provider"
            checked={form.enabled}
            onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })}
            disabled={saving}
          />
          <TextInput
            label="Issuer"
            placeholder="https://login.example.com"
            description="The provider's issuer address; its discovery document is read from it."
            value={form.issuer}
            onChange={(e) => setForm({ ...form, issuer: e.currentTarget.value })}
            error={errors.fields.issuer}
            disabled={saving}
          />
          <TextInput
            label="Client ID"
            autoComplete="off"
            value={form.clientId}
            onChange={(e) => setForm({ ...form, clientId: e.currentTarget.value })}
            error={errors.fields.clientId}
            disabled={saving}
          />
          <PasswordInput
            label="Client secret"
            autoComplete="new-password"
            placeholder={data.clientSecret ?? 'Not set'}
            description={
              data.clientSecret ? `Stored: ${data.clientSecret}. Leave blank to keep it.` : undefined
            }
            value={form.clientSecret}
            onChange={(e) => setForm({ ...form, clientSecret: e.currentTarget.value })}
            error={errors.fields.clientSecret}
            disabled={saving}
          />
          <Textarea
            label="Allowed email domains"
            description="One per line, such as example.com. Users whose email is at these domains sign in through the provider."
            autosize
            minRows={2}
            value={form.domains}
            onChange={(e) => setForm({ ...form, domains: e.currentTarget.value })}
            error={errors.fields.allowedDomains}
            disabled={saving}
          />
          <Checkbox
            label="Create an account (role User) for a person of these domains who signs in for the first time"
            checked={form.allowAutoCreate}
            onChange={(e) => setForm({ ...form, allowAutoCreate: e.currentTarget.checked })}
            disabled={saving}
          />
          <Checkbox
            label="Turn off password sign-in for the company's users"
            description="Super admins keep their password, so that a provider that fails locks nobody out."
            checked={form.passwordSignInDisabled}
            onChange={(e) => setForm({ ...form, passwordSignInDisabled: e.currentTarget.checked })}
            error={errors.fields.passwordSignInDisabled}
            disabled={saving || !form.enabled}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
