/** Shows the maintenance page instead of the app while maintenance is on (super admins pass). */
import type { ReactNode } from 'react';
import { isSuperAdmin } from '@sunfield/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../auth/hooks.ts';
import { MAINTENANCE_RECHECK_MS, checkMaintenance } from './maintenanceCheck.ts';
import { MaintenanceScreen } from './MaintenanceScreen.tsx';

export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { data } = useQuery({
    queryKey: ['system', 'maintenancemode'],
    queryFn: checkMaintenance,
    refetchInterval: MAINTENANCE_RECHECK_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
  if (data?.on && !isSuperAdmin(user?.roles))
    return <MaintenanceScreen message={data.message} answered={data.answered} />;
  return <>{children}</>;
}
