/**
 * The user sidebar (spec 1 §2): the Metric/Imperial switch (hidden for IT admins), the user's name,
 * the profile link, Manage Accounts / View Company Defaults by role and tier, and Sign Out.
 */
import { Button, Divider, Drawer, NavLink, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser, useSetUnitSystem } from '../auth/hooks.ts';
import type { UnitSystem } from '../auth/types.ts';
import { track } from '../lib/analytics.ts';
import { markFormClean } from '../lib/dirtyForm.ts';
import { hub } from '../realtime/index.ts';
import { sidebarLinks } from './access.ts';

export function UnitSystemSwitch() {
  const user = useCurrentUser();
  const setUnitSystem = useSetUnitSystem();
  const value = setUnitSystem.isPending
    ? setUnitSystem.variables
    : (user?.settings?.unitOfMeasure ?? 'Metric');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="unit-system-label">
        Unit system
      </Text>
      <SegmentedControl
        aria-labelledby="unit-system-label"
        fullWidth
        data={['Metric', 'Imperial']}
        value={value}
        disabled={!user}
        onChange={(next) => {
          track(`menu:unitSystem:${next}`);
          setUnitSystem.mutate(next as UnitSystem);
        }}
      />
    </Stack>
  );
}

export function UserSidebar({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return null;
  const links = sidebarLinks(user);
  const go = (name: string) => () => {
    track(`menu:${name}`);
    onClose();
  };
  const signOut = () => {
    track('menu:signOut');
    onClose();
    hub.disconnect();
    markFormClean();
    navigate('/logout');
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={`${user.firstName} ${user.lastName}`}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
        {links.showUnitSwitch && <UnitSystemSwitch />}
        <Divider />
        <nav aria-label="User menu">
          <NavLink component={Link} to={links.profile} label="Profile" onClick={go('profile')} />
          {links.manageAccounts && (
            <NavLink
              component={Link}
              to={links.manageAccounts}
              label="Manage Accounts"
              onClick={go('manageAccounts')}
            />
          )}
          {links.viewCompanyDefaults && (
            <NavLink
              component={Link}
              to={links.viewCompanyDefaults}
              label="View Company Defaults"
              onClick={go('viewCompanyDefaults')}
            />
          )}
        </nav>
        <Divider />
        <Button variant="light" color="red" onClick={signOut}>
          Sign Out
        </Button>
      </Stack>
    </Drawer>
  );
}
