/** /resource-center (spec 1 §2 Resources): Getting Started, Models and the API Guide. */
import { Button, Group, NavLink, Stack, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';

const TABS = [
  { to: '/resource-center/getting-started', label: 'Getting Started' },
  { to: '/resource-center/models', label: 'Models' },
  { to: '/resource-center/api-guide', label: 'API Guide' },
];

export function ResourceCenterScreen() {
  const { pathname } = useLocation();
  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Resources
        </Title>
        <Button component={Link} to="/contact" variant="light">
          Contact Us
        </Button>
      </Group>
      <Group gap={4} component="nav" aria-label="Resource sections" wrap="wrap">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            component={Link}
            to={tab.to}
            label={tab.label}
            active={pathname.toLowerCase().startsWith(tab.to)}
            w="auto"
            variant="light"
          />
        ))}
      </Group>
      <Outlet />
    </Stack>
  );
}
