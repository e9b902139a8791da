/** React access to the session: useSession, useCurrentUser, useUnitSystem and the user mutations. */
import type { UnitSystemName } from '@sunfield/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { useStore } from '../lib/store.ts';
import { session, signOut, updateSessionUser } from './session.ts';
import type { CurrentUser, SessionState, UnitSystem } from './types.ts';

export const currentUserKey = ['user', 'current'] as const;

/** Unit system names as the domain's conversion helpers spell them. */
export type { UnitSystemName };

export interface SessionView extends SessionState {
  isSignedIn: boolean;
  signOut: () => Promise<void>;
}

export function useSession(): SessionView {
  const state = useStore(session);
  return { ...state, isSignedIn: state.status === 'signedIn', signOut };
}

/** GET /user/current, seeded by the session grant; undefined while signed out. */
export function useCurrentUser(): CurrentUser | undefined {
  const state = useStore(session);
  const query = useQuery({
    queryKey: currentUserKey,
    queryFn: () => api<CurrentUser>('/user/current', { background: true }),
    enabled: state.status === 'signedIn',
    staleTime: 5 * 60_000,
  });
  if (state.status !== 'signedIn') return undefined;
  return query.data ?? state.user ?? undefined;
}

/** Stores a user the server sent back (profile, settings, EULA) in the query cache and the session. */
export function setCurrentUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData(currentUserKey, user);
  updateSessionUser(user);
}

export function toUnitSystemName(unit: UnitSystem | string | null | undefined): UnitSystemName {
  return String(unit ?? '').toLowerCase() === 'imperial' ? 'imperial' : 'metric';
}

/** The user's unit system; metric by default (spec 2 §9.2). */
export function useUnitSystem(): UnitSystemName {
  return toUnitSystemName(useCurrentUser()?.settings?.unitOfMeasure);
}

/** POST /User/Settings {unitOfMeasure}; the answer (the user) replaces the cached one. */
export function useSetUnitSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unitOfMeasure: UnitSystem) =>
      api<CurrentUser>('/User/Settings', { method: 'POST', body: { unitOfMeasure }, background: true }),
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}
