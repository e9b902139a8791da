/**
 * /companies/{companyID}/default-settings/weather-vendors: the company's weather-vendor credentials
 * (spec 1 §1: one vendor takes a licence, user and password, two take a key each; Sunfield's NSRDB and
 * Solcast keys follow). The server answers secrets masked ('••••' and the last 4 characters) and
 * stores them encrypted; a blank secret field keeps the stored value, Remove clears the vendor.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { WEATHER_VENDOR_FORMS } from '@sunfield/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCurrentUser } from '../../auth/hooks.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { companyKeys, saveVendorSettings, useVendorSettings } from './api.ts';
import { canEditCompanySettings } from './model.ts';

type VendorForm = (typeof WEATHER_VENDOR_FORMS)[number];

export function WeatherVendorsPage() {
  usePageTitle('Weather Vendors');
  const { companyID = '' } = useParams();
  const user = useCurrentUser();
  const canEdit = canEditCompanySettings(user, companyID);
  return (
    <Stack>
      <Title order={2} size="h3">
        Weather Vendors
      </Title>
      <Text size="sm" c="dimmed">
        The company&apos;s accounts with weather data vendors, used when its users download weather. Keys and
        passwords are stored encrypted and never shown again in full.
      </Text>
      {WEATHER_VENDOR_FORMS.map((form) => (
        <VendorCard key={form.vendor} companyId={companyID} form={form} canEdit={canEdit} />
      ))}
    </Stack>
  );
}

export function VendorCard({
  companyId,
  form,
  canEdit,
}: {
  companyId: string;
  form: VendorForm;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const stored = useVendorSettings(companyId, form.path);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const data = (stored.data ?? {}) as Record<string, unknown>;
  const configured = form.fields.some(
    (field) => typeof data[field.key] === 'string' && data[field.key] !== '',
  );

  const send = async (body: Record<string, string | null>) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await saveVendorSettings(companyId, form.path, body);
      queryClient.setQueryData(companyKeys.vendor(companyId, form.path), saved);
      void queryClient.invalidateQueries({ queryKey: companyKeys.defaults(companyId) });
      setValues({});
      toast(`${form.title} settings have been saved.`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.messages.join(' ') : String(failure));
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, string | null> = {};
    for (const field of form.fields) {
      const typed = values[field.key];
      // Secrets: blank keeps what is stored. Plain fields: what the form shows.
      if (field.secret) {
        if (typed !== undefined && typed.trim() !== '') body[field.key] = typed.trim();
      } else if (typed !== undefined) body[field.key] = typed.trim();
    }
    void send(body);
  };

  const remove = () => void send(Object.fromEntries(form.fields.map((field) => [field.key, ''])));

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={form.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group justify="space-between">
            <Title order={3} size="h5">
              {form.title}
            </Title>
            <Badge color={configured ? 'teal' : 'gray'} variant="light">
              {configured ? 'Configured' : 'Not configured'}
            </Badge>
          </Group>
          {stored.isError && <Alert color="red">{stored.error.message}</Alert>}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: form.fields.length }}>
            {form.fields.map((field) => {
              const shown = typeof data[field.key] === 'string' ? (data[field.key] as string) : '';
              return field.secret ? (
                <PasswordInput
                  key={field.key}
                  label={field.label}
                  autoComplete="new-password"
                  placeholder={shown || 'Not set'}
                  description={shown ? `Stored: ${shown}. Leave blank to keep it.` : undefined}
                  value={values[field.key] ?? ''}
                  disabled={!canEdit || saving}
                  onChange={(e) => setValues({ ...values, [field.key]: e.currentTarget.value })}
                />
              ) : (
                <TextInput
                  key={field.key}
                  label={field.label}
                  autoComplete="off"
                  value={values[field.key] ?? shown}
                  disabled={!canEdit || saving}
                  onChange={(e) => setValues({ ...values, [field.key]: e.currentTarget.value })}
                />
              );
            })}
          </SimpleGrid>
          {canEdit && (
            <Group justify="flex-end">
              {configured && (
                <Button variant="default" color="red" onClick={remove} disabled={saving}>
                  Remove
                </Button>
              )}
              <Button type="submit" loading={saving} disabled={Object.keys(values).length === 0}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
