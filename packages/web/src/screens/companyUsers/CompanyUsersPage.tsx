/**
 * /companies/{companyID}/users: the users of a company (GET /Company/{id}/user) with their role and
 * status; user managers (admins and IT admins of the company, super admins) invite users and change,
 * disable, delete and reassign them. Everyone else sees the list only.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCurrentUser } from '../../auth/hooks.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { companyPagePath } from '../../shell/access.ts';
import { USER_STATUS_LABELS, fullName, type CompanyUser } from './api.ts';
import { errorText } from './queries.ts';
import { InviteUserModal } from './InviteUserModal.tsx';
import { managesCompany } from './model.ts';
import { useCompanyUsers } from './queries.ts';
import { RoleCell, UserActionButtons, userPath } from './UserActions.tsx';

const STATUS_COLORS: Record<number, string> = { 0: 'gray', 1: 'teal', 2: 'yellow' };

export function StatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'}>
      {USER_STATUS_LABELS[status] ?? 'Unknown'}
    </Badge>
  );
}

const matches = (user: CompanyUser, words: string[]) => {
  const text = `${user.firstName} ${user.lastName} ${user.email}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

export function CompanyUsersPage() {
  usePageTitle('Users');
  const companyId = useParams().companyID;
  const me = useCurrentUser();
  const users = useCompanyUsers(companyId);
  const [inviting, setInviting] = useState(false);
  const [filter, setFilter] = useState('');
  const manages = managesCompany(me, companyId);

  if (users.error) {
    const missing = users.error instanceof ApiError && users.error.status === 404;
    return (
      <Alert color="red" variant="light" role="alert">
        {missing ? 'Company not found.' : errorText(users.error)}
      </Alert>
    );
  }
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const rows = (users.data ?? []).filter((user) => matches(user, words));

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={2}>Users</Title>
          {companyId && (
            <Anchor component={Link} to={companyPagePath(companyId)} size="sm">
              Company
            </Anchor>
          )}
        </div>
        {manages && <Button onClick={() => setInviting(true)}>Invite User</Button>}
      </Group>
      <TextInput
        aria-label="Search users"
        placeholder="Search by name or email"
        maw={360}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
      />
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            {manages && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((user) => (
            <Table.Tr key={user.id} data-testid={`user-row-${user.email}`}>
              <Table.Td>
                <Anchor component={Link} to={userPath(user.id)}>
                  {fullName(user)}
                </Anchor>
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <RoleCell user={user} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={user.status} />
              </Table.Td>
              {manages && (
                <Table.Td>
                  <UserActionButtons user={user} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {users.data && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          No users match the search.
        </Text>
      )}
      {companyId && manages && (
        <InviteUserModal companyId={companyId} opened={inviting} onClose={() => setInviting(false)} />
      )}
    </Stack>
  );
}
