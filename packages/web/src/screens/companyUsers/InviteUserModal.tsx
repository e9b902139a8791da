/**
 * Invite User (POST /Company/{cid}/User): first and last name, email and role. The invited user gets
 * an email with a link to /login?email=… and a temporary password, and chooses their own at the first
 * sign-in.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ROLE_LABELS, assignableRoles, type RoleName } from '@sunfield/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { useCurrentUser } from '../../auth/hooks.ts';
import { splitFormErrors, type FormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { AppModal } from '../../shell/AppModal.tsx';
import { inviteUsers, type Invitee } from './api.ts';
import { companyUserKeys } from './queries.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'role'] as const;
const EMPTY: Invitee = { firstName: '', lastName: '', email: '', role: 'User' };
const NO_ERRORS: FormErrors = { fields: {}, general: [] };

/** The server names fields of the one invitee as users.0.email: the form's are email, … */
function inviteeErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return splitFormErrors(error, FIELDS);
  const modelState: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.modelState)) {
    modelState[key.replace(/^users\.\d+\./i, '')] = messages;
  }
  return splitFormErrors({ status: error.status, body: { message: error.message, modelState } }, FIELDS);
}

export function InviteUserModal({
  companyId,
  opened,
  onClose,
}: {
  companyId: string;
  opened: boolean;
  onClose(): void;
}) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Invitee>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const roles = assignableRoles(me?.roles ?? []).map((role) => ({ value: role, label: ROLE_LABELS[role] }));

  const close = () => {
    setForm(EMPTY);
    setErrors(NO_ERRORS);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invitee = {
      ...form,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
    };
    const missing: Record<string, string> = {};
    if (!invitee.firstName) missing.firstName = 'First name is required.';
    if (!invitee.lastName) missing.lastName = 'Last name is required.';
    if (!invitee.email) missing.email = 'Email is required.';
    setErrors({ fields: missing, general: [] });
    if (Object.keys(missing).length) return;
    setSaving(true);
    try {
      await inviteUsers(companyId, [invitee]);
      toast(`${invitee.firstName} ${invitee.lastName} was created`);
      await queryClient.invalidateQueries({ queryKey: companyUserKeys.all });
      close();
    } catch (error) {
      setErrors(inviteeErrors(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal opened={opened} onClose={close} title="Invite User" size="medium">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The new user gets an email with a link to sign in and a temporary password, and then chooses a
            password of their own.
          </Text>
          {errors.general.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {errors.general.join(' ')}
            </Alert>
          )}
          <SimpleGrid cols={2}>
            <TextInput
              label="First name"
              required
              value={form.firstName}
              onChange={(e) => setForm({ ...form, firstName: e.currentTarget.value })}
              error={errors.fields.firstName}
            />
            <TextInput
              label="Last name"
              required
              value={form.lastName}
              onChange={(e) => setForm({ ...form, lastName: e.currentTarget.value })}
              error={errors.fields.lastName}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            required
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
            error={errors.fields.email}
          />
          <Select
            label="Role"
            required
            data={roles}
            value={form.role}
            allowDeselect={false}
            onChange={(role) => role && setForm({ ...form, role: role as RoleName })}
            error={errors.fields.role}
          />
          <SimpleGrid cols={2}>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Send Invitation
            </Button>
          </SimpleGrid>
        </Stack>
      </form>
    </AppModal>
  );
}
