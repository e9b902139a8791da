/**
 * /companies/{companyID}/default-settings/{page}: the groups of one default-settings page (spec 1 §2),
 * each field with its range from domain. Save sends the page's groups (PUT /Company/DefaultSettings;
 * the server keeps the other pages' groups), shows 'Default settings has been saved.' and opens the
 * company route (spec 2 §7.11). Users who may not change them see the values read-only.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { builtInDefault, TOAST, type DefaultSettingsPage as PageSpec } from '@sunfield/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCurrentUser, useUnitSystem } from '../../auth/hooks.ts';
import { useDirtyForm } from '../../lib/dirtyForm.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { companyKeys, saveCompanyDefaults, useCompanyDefaults } from './api.ts';
import {
  bodyOf,
  canEditCompanySettings,
  draftChanged,
  draftOf,
  draftProblems,
  errorsByField,
  type SettingsDraft,
} from './model.ts';
import { SettingInput } from './SettingInputs.tsx';

export function DefaultSettingsPage({ page }: { page: PageSpec }) {
  usePageTitle(page.title);
  const { companyID = '' } = useParams();
  const user = useCurrentUser();
  const units = useUnitSystem();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stored = useCompanyDefaults(companyID);
  const initial = useMemo(() => draftOf(page, stored.data), [page, stored.data]);
  const [draft, setDraft] = useState<SettingsDraft>(initial);
  const [serverErrors, setServerErrors] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(initial), [initial]);

  const canEdit = canEditCompanySettings(user, companyID);
  const dirty = canEdit && draftChanged(draft, initial);
  const { markClean } = useDirtyForm(dirty);
  const problems = draftProblems(page, draft);

  if (stored.isPending) return <Text c="dimmed">Loading…</Text>;
  if (stored.isError) return <Alert color="red">{stored.error.message}</Alert>;

  const set = (group: string, field: string, value: unknown) =>
    setDraft((current) => ({ ...current, [group]: { ...current[group], [field]: value } }));

  const save = async () => {
    if (Object.keys(problems).length) return;
    setSaving(true);
    setServerErrors({ fields: {}, general: [] });
    try {
      const saved = await saveCompanyDefaults(companyID, bodyOf(page, draft));
      queryClient.setQueryData(companyKeys.defaults(companyID), saved);
      void queryClient.invalidateQueries({ queryKey: companyKeys.company(companyID) });
      if (user?.companyId === companyID)
        void queryClient.invalidateQueries({ queryKey: companyKeys.builderDefaults });
      markClean();
      toast(TOAST.defaultSettingsSaved);
      void navigate(`/companies/${companyID}`);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.modelState).length)
        setServerErrors(errorsByField(page, error.modelState));
      else
        setServerErrors({
          fields: {},
          general: error instanceof ApiError ? error.messages : [String(error)],
        });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <Title order={2} size="h3">
        {page.title}
      </Title>
      {!canEdit && (
        <Text c="dimmed" size="sm">
          Your company&apos;s admins set these defaults.
        </Text>
      )}
      {serverErrors.general.length > 0 && (
        <Alert color="red" role="alert">
          {serverErrors.general.join(' ')}
        </Alert>
      )}
      {page.groups.map((group) => (
        <Paper key={group.key} withBorder p="lg" radius="md">
          <Stack>
            {page.groups.length > 1 && (
              <Title order={3} size="h5">
                {group.title}
              </Title>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {group.fields
                .filter((field) => field.kind !== 'monthly')
                .map((field) => (
                  <SettingInput
                    key={field.key}
                    setting={field}
                    value={draft[group.key]?.[field.key]}
                    units={units}
                    roles={user?.roles ?? []}
                    disabled={!canEdit || saving}
                    error={serverErrors.fields[`${group.key}.${field.key}`]}
                    builtIn={builtInDefault(group.key, field.key)}
                    onChange={(value) => set(group.key, field.key, value)}
                  />
                ))}
            </SimpleGrid>
            {group.fields
              .filter((field) => field.kind === 'monthly')
              .map((field) => (
                <SettingInput
                  key={field.key}
                  setting={field}
                  value={draft[group.key]?.[field.key]}
                  units={units}
                  roles={user?.roles ?? []}
                  disabled={!canEdit || saving}
                  error={
                    problems[`${group.key}.${field.key}`] ?? serverErrors.fields[`${group.key}.${field.key}`]
                  }
                  builtIn={builtInDefault(group.key, field.key)}
                  onChange={(value) => set(group.key, field.key, value)}
                />
              ))}
          </Stack>
        </Paper>
      ))}
      {canEdit && (
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty || saving} onClick={() => setDraft(initial)}>
            Discard changes
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={Object.keys(problems).length > 0}>
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
