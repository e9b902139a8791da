/**
 * /users/{userID}/reassign-assets: what the user owns (projects, predictions, modules, inverters,
 * weather) and moving all of it to another user of the company, in one transaction on the server.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { toast } from '../../lib/notify.ts';
import { fullName, reassignAssets, type AssetCounts } from './api.ts';
import { errorText } from './queries.ts';
import { companyUserKeys, useCompanyUser, useCompanyUsers, useOwnedAssets } from './queries.ts';

const KINDS: { key: keyof AssetCounts; label: string }[] = [
  { key: 'projects', label: 'Projects' },
  { key: 'predictions', label: 'Predictions' },
  { key: 'modules', label: 'Modules' },
  { key: 'inverters', label: 'Inverters' },
  { key: 'weather', label: 'Weather' },
];

export function ReassignAssetsPage() {
  usePageTitle('Reassign Assets');
  const id = useParams().userID;
  const queryClient = useQueryClient();
  const { data: user } = useCompanyUser(id);
  const colleagues = useCompanyUsers(user?.companyId);
  const owned = useOwnedAssets(id, !!user);
  const [to, setTo] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!user) return null;
  if (owned.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(owned.error)}
      </Alert>
    );
  }
  const counts = owned.data?.owned;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : 0;
  const options = (colleagues.data ?? [])
    .filter((u) => u.id !== user.id && u.status !== 0)
    .map((u) => ({ value: u.id, label: `${fullName(u)} (${u.email})` }));
  const receiver = colleagues.data?.find((u) => u.id === to);

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Reassign Assets',
      centered: true,
      children: (
        <Text size="sm">
          Everything {fullName(user)} owns will belong to {receiver ? fullName(receiver) : ''}.
        </Text>
      ),
      labels: { confirm: 'Reassign', cancel: 'Cancel' },
      onConfirm: async () => {
        if (!to) return;
        setSaving(true);
        try {
          await reassignAssets(user.id, to);
          toast(`${fullName(user)}'s assets were reassigned to ${receiver ? fullName(receiver) : ''}.`);
          await queryClient.invalidateQueries({ queryKey: companyUserKeys.assets(user.id) });
        } finally {
          setSaving(false);
        }
      },
    });

  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <Stack>
        <Title order={3} size="h4">
          Reassign Assets
        </Title>
        <Table withTableBorder maw={320}>
          <Table.Tbody>
            {KINDS.map(({ key, label }) => (
              <Table.Tr key={key}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right" data-testid={`owned-${key}`}>
                  {counts ? counts[key] : '…'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {counts && total === 0 && <Text size="sm">{fullName(user)} owns no assets.</Text>}
        <Select
          label="Reassign to"
          placeholder="Choose a user"
          data={options}
          value={to}
          onChange={setTo}
          searchable
        />
        <Group justify="flex-end">
          <Button onClick={confirm} disabled={!to || total === 0} loading={saving}>
            Reassign Assets
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
