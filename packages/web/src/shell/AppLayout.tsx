/**
 * The signed-in layout (spec 1 §2 shared pieces): the header with logo, 'Sunfield' and the user's
 * name (opening the user sidebar), the main navigation, the global notification bar, the page
 * notification banner and the page.
 */
import { Anchor, AppShell, Avatar, Burger, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { useCurrentUser } from '../auth/hooks.ts';
import { useLoginNotifications } from '../screens/agreements/useLoginNotifications.ts';
import { track } from '../lib/analytics.ts';
import { useUserPalette } from '../lib/colorPalette.ts';
import { GlobalNotificationBar } from './GlobalNotificationBar.tsx';
import { MainNav } from './MainNav.tsx';
import { PageNotificationBanner } from './PageNotificationBanner.tsx';
import { UserSidebar } from './UserSidebar.tsx';

export function initials(firstName?: string, lastName?: string): string {
  return `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase() || '?';
}

export function Brand() {
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Sunfield home">
      <Group gap="xs" wrap="nowrap">
        <Image src="/logo.svg" alt="" w={32} h={32} />
        <Text fw={700} size="lg" component="span">
          Sunfield
        </Text>
      </Group>
    </Anchor>
  );
}

export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const [sidebarOpened, sidebar] = useDisclosure(false);
  const user = useCurrentUser();
  useLoginNotifications();
  useUserPalette(user);
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Brand />
          </Group>
          {user && (
            <UnstyledButton
              onClick={() => {
                track('menu:userSidebar');
                sidebar.open();
              }}
              aria-haspopup="dialog"
            >
              <Group gap="xs" wrap="nowrap">
                <Avatar color="orange" radius="xl" size="sm" aria-hidden>
                  {initials(user.firstName, user.lastName)}
                </Avatar>
                <Text size="sm" fw={500} visibleFrom="xs">
                  {name}
                </Text>
              </Group>
            </UnstyledButton>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <MainNav onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <GlobalNotificationBar />
        <PageNotificationBanner />
        <Outlet />
      </AppShell.Main>
      <UserSidebar opened={sidebarOpened} onClose={sidebar.close} />
    </AppShell>
  );
}
