/**
 * The root of every route: modals, the navigation guard, the loading overlay, and the entry guard
 * (spec 1 §2) that waits for the session, sends signed-out users to /login remembering the page,
 * sends users without an accepted EULA to /eula, IT admins to their company page, and cancels
 * professional-only and PVRADAR routes opened directly. It also counts route changes.
 */
import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { decideEntry, mergeFlags, type CancelReason } from '../auth/guard.ts';
import { useCurrentUser, useSession } from '../auth/hooks.ts';
import { noteRouteChange } from '../lib/pageNotification.ts';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { NavigationGuard, openPvradar } from './NavigationGuard.tsx';
import { openPvradarModal } from './pvradarModal.tsx';
import { openSubscriptionDialog } from './subscriptionDialog.tsx';

export function FullPageLoader() {
  return (
    <Center h="100vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}

/** A guarded route opened directly: show why, then go to the projects list. */
function LeaveRoute({ open }: { open(): void }) {
  useEffect(() => {
    open();
  }, [open]);
  return <Navigate to="/" replace />;
}

const CANCEL_ACTIONS: Record<CancelReason, () => void> = {
  professional: () => openSubscriptionDialog({ proRequired: true }),
  pvradar: openPvradarModal,
};

function EntryGuard() {
  const matches = useMatches();
  const location = useLocation();
  const { status } = useSession();
  const user = useCurrentUser() ?? null;

  useEffect(() => {
    noteRouteChange();
  }, [location.pathname]);

  const flags = mergeFlags(matches.map((match) => match.handle));
  const decision = decideEntry(flags, status, user, location.pathname + location.search);
  switch (decision.kind) {
    case 'wait':
      return <FullPageLoader />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'cancel':
      return <LeaveRoute open={CANCEL_ACTIONS[decision.reason]} />;
    case 'external':
      return <LeaveRoute open={openPvradar} />;
    default:
      return <Outlet />;
  }
}

export function RootLayout() {
  return (
    <ModalsProvider>
      <NavigationGuard />
      <LoadingOverlay />
      <EntryGuard />
    </ModalsProvider>
  );
}
