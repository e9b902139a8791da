/**
 * /users/{userID} (spec 1 §2; IT admins may open it): a user of the company with their role and
 * status, the manager's actions (UserActions.tsx) and Set Password; its child reassign-assets moves
 * everything the user owns to a colleague (ReassignAssetsPage.tsx).
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ROLE_LABELS, passwordProblems, type RoleName } from '@sunfield/domain';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { splitFormErrors, type FormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { PasswordChecklist } from '../signUp/PasswordChecklist.tsx';
import { fullName, roleOf, setUserPassword, type CompanyUser } from './api.ts';
import { errorText } from './queries.ts';
import { StatusBadge } from './CompanyUsersPage.tsx';
import { useCompanyUser } from './queries.ts';
import { RoleCell, UserActionButtons, companyUsersPath, useCanManage } from './UserActions.tsx';

export function UserScreen() {
  const id = useParams().userID;
  const user = useCompanyUser(id);
  usePageTitle(user.data ? fullName(user.data) : 'User');
  if (user.error) {
    const missing = user.error instanceof ApiError && user.error.status === 404;
    return (
      <Alert color="red" variant="light" role="alert">
        {missing ? 'User not found.' : errorText(user.error)}
      </Alert>
    );
  }
  if (!user.data) return null;
  return (
    <Stack>
      <div>
        <Anchor component={Link} to={companyUsersPath(user.data.companyId)} size="sm">
          Users
        </Anchor>
        <Title order={2}>{fullName(user.data)}</Title>
      </div>
      <Outlet context={user.data} />
    </Stack>
  );
}

export function UserDetailsPage() {
  const id = useParams().userID;
  const { data: user } = useCompanyUser(id);
  const navigate = useNavigate();
  const canManage = useCanManage(user);
  if (!user) return null;
  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Text size="sm">
            <b>Email:</b> {user.email}
          </Text>
          <Group gap="xs">
            <Text size="sm" fw={700}>
              Role:
            </Text>
            {canManage ? (
              <RoleCell user={user} />
            ) : (
              <Text size="sm">{ROLE_LABELS[roleOf(user) as RoleName] ?? roleOf(user)}</Text>
            )}
          </Group>
          <Group gap="xs">
            <Text size="sm" fw={700}>
              Status:
            </Text>
            <StatusBadge status={user.status} />
          </Group>
          <UserActionButtons
            user={user}
            afterDelete={() => void navigate(companyUsersPath(user.companyId))}
          />
        </Stack>
      </Paper>
      {canManage && <SetPasswordForm user={user} />}
    </Stack>
  );
}

function SetPasswordForm({ user }: { user: CompanyUser }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [temporary, setTemporary] = useState(true);
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: [] });
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields: Record<string, string> = {};
    const problems = passwordProblems(password);
    if (!password) fields.password = 'Password is required.';
    else if (problems.length) fields.password = problems.join(' ');
    if (confirm !== password) fields.confirm = 'The passwords do not match.';
    setErrors({ fields, general: [] });
    if (Object.keys(fields).length) return;
    setSaving(true);
    try {
      await setUserPassword(user.id, password, !temporary);
      toast(`${fullName(user)}'s data was saved.`);
      setPassword('');
      setConfirm('');
    } catch (error) {
      setErrors(splitFormErrors(error, ['password']));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={480}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={3} size="h4">
            Set Password
          </Title>
          {errors.general.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {errors.general.join(' ')}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.fields.password}
          />
          <PasswordChecklist password={password} />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errors.fields.confirm}
          />
          <Checkbox
            label="Temporary: the user chooses a new password at the next sign-in"
            checked={temporary}
            onChange={(e) => setTemporary(e.currentTarget.checked)}
          />
          <Text size="xs" c="dimmed">
            The user is signed out everywhere.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Set Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
