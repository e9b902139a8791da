/** The company route's own page: the company's details and links to each default-settings page. */
import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DEFAULT_SETTINGS_PAGES, definitionLabel } from '@sunfield/domain';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';
import { useCompany } from './api.ts';
import { settingsPath } from './CompanyScreen.tsx';

const labelOf = (type: string, id: number | null) => definitionLabel(type, id) ?? '—';

export function CompanyOverview() {
  const { companyID = '' } = useParams();
  const company = useCompany(companyID).data;
  if (!company) return null;
  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <Table variant="vertical" withTableBorder={false} layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={220}>Company type</Table.Th>
              <Table.Td>{labelOf('CompanyTypeEnum', company.companyType)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Subscription</Table.Th>
              <Table.Td>
                {labelOf('SubscriptionTypeEnum', company.subscriptionType)}
                {company.isSubscriptionActive ? '' : ' (inactive)'}
              </Table.Td>
            </Table.Tr>
            {company.freeTrialExpirationDate && (
              <Table.Tr>
                <Table.Th>Free trial ends</Table.Th>
                <Table.Td>{formatDateTime(company.freeTrialExpirationDate)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <Title order={2} size="h4">
        Default settings
      </Title>
      <Text size="sm" c="dimmed">
        New predictions, plants, modules, inverters and weather of the company start from these values.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {DEFAULT_SETTINGS_PAGES.map((page) => (
          <Paper key={page.path} withBorder p="md" radius="md">
            <Anchor component={Link} to={settingsPath(companyID, page.path)} fw={500}>
              {page.title}
            </Anchor>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
