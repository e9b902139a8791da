/** The app: Mantine, TanStack Query, toasts, the maintenance gate and the router; starts the session. */
import { InputWrapper, MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { startSession } from './auth/startSession.ts';
import { loadDefinitions } from './lib/definitions.ts';
import { setNavigator } from './lib/navigation.ts';
import { createQueryClient } from './lib/queryClient.ts';
import { RouterProvider } from 'react-router';
import { router } from './router.tsx';
import { MaintenanceGate } from './screens/maintenance/MaintenanceGate.tsx';

const theme = createTheme({
  primaryColor: 'orange',
  defaultRadius: 'sm',
  components: {
    // Labels stay exactly their text (no ' *'), so that forms are found by label.
    InputWrapper: InputWrapper.extend({ defaultProps: { withAsterisk: false } }),
  },
});

export const queryClient = createQueryClient();

const currentPath = () => router.state.location.pathname + router.state.location.search;
setNavigator({ navigate: (to, options) => void router.navigate(to, options), currentPath });
startSession({ queryClient, navigate: (to) => void router.navigate(to), currentPath });
// The enumerations, once per 15 minutes (cached in localStorage); failures are retried by useDefinitions.
loadDefinitions().catch(() => {});

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" />
        <MaintenanceGate>
          <RouterProvider router={router} />
        </MaintenanceGate>
      </QueryClientProvider>
    </MantineProvider>
  );
}
