/**
 * Super admins: the login notifications that ask companies' users to read the agreements at sign-in
 * (GET/POST/DELETE /LoginNotification). A company is picked from GET /Company; 'Every company' asks
 * all of them.
 */
import { useState } from 'react';
import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { ApiCompanySummary } from '@sunfield/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { toast } from '../../lib/notify.ts';
import {
  listLoginNotifications,
  loginNotificationsKey,
  publishLoginNotification,
  removeLoginNotification,
} from './api.ts';

const EVERY_COMPANY = '*';

export function LoginNotificationsPanel() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: loginNotificationsKey, queryFn: listLoginNotifications });
  const companyList = useQuery({
    queryKey: ['company', 'all'],
    queryFn: () => api<ApiCompanySummary[]>('/Company', { background: true }),
  });
  const [pick, setPick] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: loginNotificationsKey });
  const publish = useMutation({
    mutationFn: (companyId: string | null) => publishLoginNotification(companyId),
    onSuccess: () => {
      toast('The agreements will be asked for at sign-in.');
      setPick(null);
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: removeLoginNotification, onSuccess: () => void refresh() });
  const options = [
    { value: EVERY_COMPANY, label: 'Every company' },
    ...(companyList.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Login notifications
      </Title>
      <Text size="sm" c="dimmed">
        The users of these companies are shown the agreement of their role when they sign in, until they
        accept it or choose Not Now.
      </Text>
      {list.data && list.data.length > 0 ? (
        <Table aria-label="Login notifications" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Company</Table.Th>
              <Table.Th>Since</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {row.companyId === null ? 'Every company' : (row.companyName ?? row.companyId)}
                </Table.Td>
                <Table.Td>{formatDateTime(row.createdDate)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === row.id}
                    onClick={() => remove.mutate(row.id)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">No company is asked at the moment.</Text>
      )}
      <Group align="flex-end">
        <Select
          label="Ask the users of"
          placeholder="Choose a company"
          searchable
          data={options}
          value={pick}
          onChange={setPick}
          w={320}
        />
        <Button
          disabled={!pick}
          loading={publish.isPending}
          onClick={() => pick && publish.mutate(pick === EVERY_COMPANY ? null : pick)}
        >
          Ask at Sign-In
        </Button>
      </Group>
    </Stack>
  );
}
