/**
 * /users/{userID}/reassign-assets: what the user owns (projects, predictions, modules, inverters,
 * weather), listed by type, and moving it to another user of the company: everything
 * (/users/{id}/reassign-assets) or the assets ticked (POST /User/{id}/asset), in one transaction on
 * the server either way.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { toast } from '../../lib/notify.ts';
import { fullName, reassignAssets, reassignChosenAssets, type AssetCounts, type OwnedAsset } from './api.ts';
import {
  companyUserKeys,
  errorText,
  useCompanyUser,
  useCompanyUsers,
  useOwnedAssetList,
  useOwnedAssets,
} from './queries.ts';

const KINDS: { key: keyof AssetCounts; label: string }[] = [
  { key: 'projects', label: 'Projects' },
  { key: 'predictions', label: 'Predictions' },
  { key: 'modules', label: 'Modules' },
  { key: 'inverters', label: 'Inverters' },
  { key: 'weather', label: 'Weather' },
];

const TYPE_LABELS: Record<OwnedAsset['assetType'], string> = {
  1: 'Project',
  2: 'Module',
  3: 'Inverter',
  4: 'Weather',
  5: 'Prediction',
};

const keyOf = (asset: Pick<OwnedAsset, 'assetType' | 'id'>) => `${asset.assetType}:${asset.id}`;

export function ReassignAssetsPage() {
  usePageTitle('Reassign Assets');
  const id = useParams().userID;
  const queryClient = useQueryClient();
  const { data: user } = useCompanyUser(id);
  const colleagues = useCompanyUsers(user?.companyId);
  const owned = useOwnedAssets(id, !!user);
  const assets = useOwnedAssetList(id, !!user);
  const [to, setTo] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  if (!user) return null;
  const error = owned.error ?? assets.error;
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(error)}
      </Alert>
    );
  }
  const counts = owned.data?.owned;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : 0;
  const list = assets.data ?? [];
  const picked = list.filter((asset) => chosen.has(keyOf(asset)));
  const options = (colleagues.data ?? [])
    .filter((u) => u.id !== user.id && u.status !== 0)
    .map((u) => ({ value: u.id, label: `${fullName(u)} (${u.email})` }));
  const receiver = colleagues.data?.find((u) => u.id === to);
  const receiverName = receiver ? fullName(receiver) : '';

  const toggle = (asset: OwnedAsset, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(keyOf(asset));
    else next.delete(keyOf(asset));
    setChosen(next);
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Reassign Assets',
      centered: true,
      children: (
        <Text size="sm">
          {picked.length
            ? `The ${picked.length} chosen assets of ${fullName(user)} will belong to ${receiverName}.`
            : `Everything ${fullName(user)} owns will belong to ${receiverName}.`}
        </Text>
      ),
      labels: { confirm: 'Reassign', cancel: 'Cancel' },
      onConfirm: async () => {
        if (!to) return;
        setSaving(true);
        try {
          if (picked.length) await reassignChosenAssets(user.id, to, picked);
          else await reassignAssets(user.id, to);
          toast(`${fullName(user)}'s assets were reassigned to ${receiverName}.`);
          setChosen(new Set());
          await queryClient.invalidateQueries({ queryKey: companyUserKeys.assets(user.id) });
        } finally {
          setSaving(false);
        }
      },
    });

  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
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
        {list.length > 0 && (
          <Table striped verticalSpacing={4} aria-label="Assets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Choose every asset"
                    checked={picked.length === list.length}
                    indeterminate={picked.length > 0 && picked.length < list.length}
                    onChange={(e) =>
                      setChosen(e.currentTarget.checked ? new Set(list.map(keyOf)) : new Set())
                    }
                  />
                </Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Name</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((asset) => (
                <Table.Tr key={keyOf(asset)}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Choose ${asset.name}`}
                      checked={chosen.has(keyOf(asset))}
                      onChange={(e) => toggle(asset, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{TYPE_LABELS[asset.assetType]}</Table.Td>
                  <Table.Td>{asset.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Select
          label="Reassign to"
          placeholder="Choose a user"
          data={options}
          value={to}
          onChange={setTo}
          searchable
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {picked.length ? `${picked.length} chosen` : 'None chosen: every asset moves.'}
          </Text>
          <Button onClick={confirm} disabled={!to || total === 0} loading={saving}>
            {picked.length ? 'Reassign Chosen Assets' : 'Reassign Assets'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
