/** /user-profile (spec 1 §2): About User, Weather Vendors and Accessibility. */
import { Group, NavLink, Stack, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';

const TABS = [
  { to: '/user-profile/about-user', label: 'About User' },
  { to: '/user-profile/weather-vendors', label: 'Weather Vendors' },
  { to: '/user-profile/accessibility', label: 'Accessibility' },
];

export function UserProfileScreen() {
  const { pathname } = useLocation();
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        Profile
      </Title>
      <Group gap={4} component="nav" aria-label="Profile sections" wrap="wrap">
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
