/**
 * /user-profile/about-user: first and last name (PUT /User/{id}), the unit system, the
 * authenticator and API credentials. Unsaved name changes are kept behind the discard modal.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Divider, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { agreementFor, isITAdmin } from '@sunfield/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { currentUserKey, useCurrentUser } from '../../auth/hooks.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useDirtyForm } from '../../lib/dirtyForm.ts';
import { splitFormErrors, type FormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { UnitSystemSwitch } from '../../shell/UserSidebar.tsx';
import { agreementStatusKey, fetchAgreementStatus } from '../agreements/api.ts';
import { ApiCredentials } from './ApiCredentials.tsx';

export function AboutUserPage() {
  usePageTitle('About User');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [names, setNames] = useState({ firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' });
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: [] });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (user)
      setNames((current) =>
        current.firstName || current.lastName
          ? current
          : { firstName: user.firstName, lastName: user.lastName },
      );
  }, [user]);

  const dirty = !!user && (names.firstName !== user.firstName || names.lastName !== user.lastName);
  const { markClean } = useDirtyForm(dirty);
  if (!user) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!names.firstName.trim()) missing.firstName = 'First name is required.';
    if (!names.lastName.trim()) missing.lastName = 'Last name is required.';
    setErrors({ fields: missing, general: [] });
    if (Object.keys(missing).length) return;
    setSaving(true);
    try {
      const body = { firstName: names.firstName.trim(), lastName: names.lastName.trim() };
      await api(`/User/${user.id}`, { method: 'PUT', body, silent: true });
      queryClient.setQueryData(currentUserKey, { ...user, ...body });
      setNames(body);
      markClean();
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      toast(`${body.firstName} ${body.lastName}'s data was saved.`);
    } catch (error) {
      setErrors(splitFormErrors(error, ['firstName', 'lastName']));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={save} noValidate>
          <Stack>
            <Title order={2} size="h4">
              About you
            </Title>
            {errors.general.length > 0 && (
              <Text c="red" size="sm" role="alert">
                {errors.general.join(' ')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                required
                value={names.firstName}
                onChange={(e) => setNames({ ...names, firstName: e.currentTarget.value })}
                error={errors.fields.firstName}
              />
              <TextInput
                label="Last name"
                required
                value={names.lastName}
                onChange={(e) => setNames({ ...names, lastName: e.currentTarget.value })}
                error={errors.fields.lastName}
              />
            </SimpleGrid>
            <Text size="sm">
              <b>Email:</b> {user.email} · <b>Company:</b> {user.company?.name}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={!dirty}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {!isITAdmin(user.roles) && (
        <Paper withBorder p="lg" radius="md" maw={360}>
          <UnitSystemSwitch />
        </Paper>
      )}
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Security
          </Title>
          <Text size="sm">
            Authenticator app: <b>{user.totpEnabled ? 'on' : 'off'}</b>
          </Text>
          <Group>
            <Button component={Link} to="/authenticator" variant="default">
              {user.totpEnabled ? 'Manage Authenticator' : 'Set Up Authenticator'}
            </Button>
          </Group>
          <Divider my="sm" />
          <ApiCredentials userId={user.id} />
        </Stack>
      </Paper>
      <AgreementCard />
    </Stack>
  );
}

/** The data-migration agreement of the user's role and their acceptance (GET /User/MigrationAgreement). */
function AgreementCard() {
  const user = useCurrentUser();
  const status = useQuery({ queryKey: agreementStatusKey, queryFn: fetchAgreementStatus });
  if (!user || !status.data) return null;
  const agreement = agreementFor(user.roles);
  const acceptance = status.data.agreements.find((a) => a.agreement === agreement.kind)?.acceptance;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {agreement.title}
        </Title>
        <Text size="sm">
          {acceptance
            ? `You accepted version ${acceptance.version} on ${formatDateTime(acceptance.acceptedDate)}.`
            : 'You have not accepted it.'}
        </Text>
        <Group>
          <Button component={Link} to={agreement.route} variant="default">
            Read the Agreement
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
