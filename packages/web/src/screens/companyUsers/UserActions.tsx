/**
 * What a user manager does to one user (the list's row and the user page): change the role, disable
 * or enable, resend the welcome email, reassign the assets and delete. The server decides
 * (docs/permissions.md); these controls show only what it would allow: nothing on one's own account,
 * nothing on a super admin unless the caller is one.
 */
import { useState } from 'react';
import { Anchor, Button, Group, Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ROLE_LABELS, assignableRoles, type RoleName } from '@sunfield/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCurrentUser } from '../../auth/hooks.ts';
import { notifyError, toast } from '../../lib/notify.ts';
import { deleteUser, fullName, resendWelcome, roleOf, setRole, setStatus, type CompanyUser } from './api.ts';
import { managesUser } from './model.ts';
import { companyUserKeys } from './queries.ts';

export const reassignPath = (userId: string) => `/users/${userId}/reassign-assets`;
export const userPath = (userId: string) => `/users/${userId}`;
export const companyUsersPath = (companyId: string) => `/companies/${companyId}/users`;

const roleLabel = (name: string): string => ROLE_LABELS[name as RoleName] ?? name;

/** May the signed-in user manage this user? (the server's rule, to hide what it would refuse) */
export function useCanManage(target: CompanyUser | undefined): boolean {
  return managesUser(useCurrentUser(), target);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: companyUserKeys.all });
}

/** The role: a select for managers, the label otherwise. */
export function RoleCell({ user }: { user: CompanyUser }) {
  const me = useCurrentUser();
  const canManage = useCanManage(user);
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);
  const current = roleOf(user);
  if (!canManage || !me) return <Text size="sm">{roleLabel(current)}</Text>;
  const options: { value: string; label: string }[] = assignableRoles(me.roles).map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
  }));
  if (!options.some((o) => o.value === current)) options.push({ value: current, label: roleLabel(current) });
  return (
    <Select
      aria-label={`Role of ${fullName(user)}`}
      size="xs"
      w={150}
      data={options}
      value={current}
      allowDeselect={false}
      disabled={saving}
      onChange={async (role) => {
        if (!role || role === current) return;
        setSaving(true);
        try {
          await setRole(user.id, role);
          toast(`${fullName(user)} was saved`);
          await refresh();
        } finally {
          setSaving(false);
        }
      }}
    />
  );
}

/** Disable / Enable, Resend Welcome Email, Reassign Assets and Delete. */
export function UserActionButtons({ user, afterDelete }: { user: CompanyUser; afterDelete?: () => void }) {
  const canManage = useCanManage(user);
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!canManage) return null;
  const name = fullName(user);

  const run = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await work();
      toast(message);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const confirmDisable = () =>
    modals.openConfirmModal({
      title: `Disable ${name}?`,
      centered: true,
      children: (
        <Text size="sm">{name} will be signed out everywhere and cannot sign in until enabled again.</Text>
      ),
      labels: { confirm: 'Disable', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(() => setStatus(user.id, false), `${name} was saved`),
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${name}?`,
      centered: true,
      children: <Text size="sm">{name} will be deleted. This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setBusy(true);
        try {
          await deleteUser(user.id);
          toast(`${name} has been successfully deleted`, { delayMs: 1000 });
          await refresh();
          afterDelete?.();
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            modals.open({
              title: `${name} still owns assets`,
              centered: true,
              children: (
                <Text size="sm">
                  {error.message}{' '}
                  <Anchor component={Link} to={reassignPath(user.id)} onClick={() => modals.closeAll()}>
                    Reassign Assets
                  </Anchor>
                </Text>
              ),
            });
          } else notifyError(error);
        } finally {
          setBusy(false);
        }
      },
    });

  return (
    <Group gap="xs" wrap="nowrap">
      {user.status === 0 ? (
        <Button
          size="xs"
          variant="default"
          loading={busy}
          onClick={() => void run(() => setStatus(user.id, true), `${name} was saved`)}
        >
          Enable
        </Button>
      ) : (
        <Button size="xs" variant="default" loading={busy} onClick={confirmDisable}>
          Disable
        </Button>
      )}
      {user.status === 2 && (
        <Button
          size="xs"
          variant="default"
          loading={busy}
          onClick={() =>
            void run(() => resendWelcome(user.id), `The welcome email was sent to ${user.email}.`)
          }
        >
          Resend Welcome Email
        </Button>
      )}
      <Button size="xs" variant="default" onClick={() => void navigate(reassignPath(user.id))}>
        Reassign Assets
      </Button>
      <Button size="xs" color="red" variant="light" loading={busy} onClick={confirmDelete}>
        Delete
      </Button>
    </Group>
  );
}
