/** Opens the agreement a login notification asks for, once per sign-in (used by the app layout). */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../auth/hooks.ts';
import { loginNotificationTarget } from './api.ts';

export function useLoginNotifications(): void {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const userId = user?.eulaAcceptedStatus ? user.id : undefined;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void loginNotificationTarget(userId, here).then((target) => {
      if (live && target) navigate(target);
    });
    return () => {
      live = false;
    };
    // Asked once per user; the page they were on is read when it is asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
}
