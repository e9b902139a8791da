/** /logout (spec 1 §2): signs out (realtime dropped, cookie revoked) and goes to /login?logout=true. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../auth/session.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { FullPageLoader } from '../../shell/RootLayout.tsx';

let signingOut: Promise<void> | null = null;

export function LogoutScreen() {
  usePageTitle('Signing out');
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    signingOut ??= signOut().finally(() => {
      signingOut = null;
    });
    void signingOut.then(() => {
      if (active) navigate('/login?logout=true', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return <FullPageLoader />;
}
