/**
 * /companies/{companyID} (spec 1 §2 company page): the company's name and plan, and its default
 * settings, one page each (plant-builder-settings … design-pro). Another company's id answers 404
 * from the server ('Company not found.'), shown here.
 */
import { Alert, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_SETTINGS_PAGES } from '@sunfield/domain';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../../auth/hooks.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { useCompany } from './api.ts';
import { canEditCompanySettings } from './model.ts';

export const settingsPath = (companyId: string, page: string) =>
  `/companies/${companyId}/default-settings/${page}`;

export function CompanyScreen() {
  const { companyID = '' } = useParams();
  const company = useCompany(companyID);
  usePageTitle('Company');
  const { pathname } = useLocation();
  const user = useCurrentUser();
  if (company.isError)
    return (
      <Alert color="red" title="Company">
        {company.error.message}
      </Alert>
    );
  return (
    <Stack maw={1100}>
      <Title order={1} size="h2">
        {company.data?.name ?? 'Company'}
      </Title>
      <Group gap={4} component="nav" aria-label="Company default settings" wrap="wrap">
        <NavLink
          component={Link}
          to={`/companies/${companyID}`}
          label="Company"
          active={pathname.replace(/\/$/, '') === `/companies/${companyID}`}
          w="auto"
          variant="light"
        />
        {canEditCompanySettings(user, companyID) && (
          <NavLink
            component={Link}
            to={`/companies/${companyID}/users`}
            label="Users"
            w="auto"
            variant="light"
          />
        )}
        {canEditCompanySettings(user, companyID) && (
          <NavLink
            component={Link}
            to={`/companies/${companyID}/single-sign-on`}
            label="Single Sign-On"
            active={pathname.toLowerCase().startsWith(`/companies/${companyID}/single-sign-on`.toLowerCase())}
            w="auto"
            variant="light"
          />
        )}
        {DEFAULT_SETTINGS_PAGES.map((page) => {
          const to = settingsPath(companyID, page.path);
          return (
            <NavLink
              key={page.path}
              component={Link}
              to={to}
              label={page.title}
              active={pathname.toLowerCase().startsWith(to.toLowerCase())}
              w="auto"
              variant="light"
            />
          );
        })}
      </Group>
      {company.isPending ? <Text c="dimmed">Loading…</Text> : <Outlet />}
    </Stack>
  );
}
