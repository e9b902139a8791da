/**
 * /manage-accounts (spec 1 §2, super admins): every company with its tier, state, users, last
 * activity, alpha-tester and PVRADAR flags and free-trial expiry; create a company, change a
 * company's plan and flags, delete a company with everything it owns (confirmed; never one's own);
 * and the promotion codes. Anyone else is sent to the projects list (the API answers them 403).
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import {
  SUBSCRIPTION_LABEL,
  SUBSCRIPTION_STATE_LABEL,
  isSuperAdmin,
  type SubscriptionType,
} from '@sunfield/domain';
import { useCurrentUser } from '../../auth/hooks.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { companyPagePath } from '../../shell/access.ts';
import { deleteCompany, listAccounts, type CompanyAccount } from '../subscription/api.ts';
import { CompanyPlanModal } from './CompanyPlanModal.tsx';
import { accountKeys } from './keys.ts';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { PromotionCodesPanel } from './PromotionCodesPanel.tsx';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const STATE_COLORS = { active: 'teal', trialExpired: 'orange', inactive: 'gray' } as const;

function confirmDelete(company: CompanyAccount, onDeleted: () => void) {
  modals.openConfirmModal({
    title: `Delete ${company.name}?`,
    centered: true,
    children: (
      <Text size="sm">
        This deletes the company, its {company.userCount} users and all its projects, predictions, modules,
        inverters and weather. It cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete Company', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      void deleteCompany(company.id).then(() => {
        toast(`${company.name} has been successfully deleted`);
        onDeleted();
      });
    },
  });
}

function CompaniesPanel({ ownCompanyId }: { ownCompanyId: string }) {
  const queryClient = useQueryClient();
  const companies = useQuery({
    queryKey: accountKeys.companies,
    queryFn: ({ signal }) => listAccounts(signal),
  });
  const [editing, setEditing] = useState<CompanyAccount | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKeys.companies });

  if (companies.error) return <Alert color="red">{(companies.error as Error).message}</Alert>;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {companies.data ? `${companies.data.length} companies` : 'Loading companies…'}
        </Text>
        <Button onClick={() => setEditing('new')}>Create Company</Button>
      </Group>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Companies">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>Tier</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Users</Table.Th>
            <Table.Th>Last activity</Table.Th>
            <Table.Th>Alpha tester</Table.Th>
            <Table.Th>PVRADAR</Table.Th>
            <Table.Th>Free trial ends</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(companies.data ?? []).map((company) => (
            <Table.Tr key={company.id} data-testid={`company-row-${company.name}`}>
              <Table.Td>
                <Anchor component={Link} to={companyPagePath(company.id)}>
                  {company.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {SUBSCRIPTION_LABEL[company.subscriptionType as SubscriptionType] ?? company.subscriptionType}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATE_COLORS[company.subscriptionState]}>
                  {SUBSCRIPTION_STATE_LABEL[company.subscriptionState]}
                </Badge>
              </Table.Td>
              <Table.Td>{company.userCount}</Table.Td>
              <Table.Td>{formatDateTime(company.lastActivity)}</Table.Td>
              <Table.Td>{yesNo(company.isAlphaTester)}</Table.Td>
              <Table.Td>{yesNo(company.allowPVRADARExtension)}</Table.Td>
              <Table.Td>{formatDateTime(company.freeTrialExpirationDate)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setEditing(company)}>
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled={company.id === ownCompanyId}
                    title={company.id === ownCompanyId ? 'You cannot delete your own company.' : undefined}
                    onClick={() => confirmDelete(company, refresh)}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && (
        <CompanyPlanModal
          company={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </Stack>
  );
}

export function ManageAccountsPage() {
  usePageTitle('Manage Accounts');
  const user = useCurrentUser();
  if (!user) return null;
  if (!isSuperAdmin(user.roles)) return <Navigate to="/" replace />;
  return (
    <Stack>
      <Title order={2}>Manage Accounts</Title>
      <Tabs defaultValue="companies" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="companies">Companies</Tabs.Tab>
          <Tabs.Tab value="codes">Promotion Codes</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="companies" pt="md">
          <CompaniesPanel ownCompanyId={user.companyId} />
        </Tabs.Panel>
        <Tabs.Panel value="codes" pt="md">
          <PromotionCodesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="md">
          <NotificationsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
