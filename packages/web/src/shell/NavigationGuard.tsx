/**
 * Guards in-app navigations with react-router's blocker (spec 1 §2): professional-only routes and
 * PVRADAR without the extension are cancelled with their dialogs, PVRADAR with the extension and
 * new-tab routes open elsewhere, and a dirty form asks 'You have unsaved changes…' before leaving.
 * Closing or reloading the tab with a dirty form asks the browser's own question.
 */
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { decideTransition, type TransitionDecision } from '../auth/guard.ts';
import { useCurrentUser, useSession } from '../auth/hooks.ts';
import { dirtyForm, useIsFormDirty } from '../lib/dirtyForm.ts';
import { toast } from '../lib/notify.ts';
import { confirmDiscardChanges } from './discardChanges.tsx';
import { openExternalTool } from './externalLinks.ts';
import { openPvradarModal } from './pvradarModal.tsx';
import { flagsForPath } from './routeFlags.ts';
import { openSubscriptionDialog } from './subscriptionDialog.tsx';

export function openPvradar(): void {
  if (!openExternalTool('pvradar')) toast('PVRADAR is not configured for this installation.');
}

export function NavigationGuard() {
  const { status } = useSession();
  const user = useCurrentUser() ?? null;
  const dirty = useIsFormDirty();
  const decision = useRef<TransitionDecision>({ kind: 'pass' });

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    decision.current = decideTransition(
      flagsForPath(currentLocation.pathname),
      flagsForPath(nextLocation.pathname),
      {
        status,
        user,
        dirty: dirtyForm.get(),
        samePath: currentLocation.pathname === nextLocation.pathname,
      },
    );
    return decision.current.kind !== 'pass';
  });

  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      handled.current = null;
      return;
    }
    if (handled.current === blocker.location.key) return;
    handled.current = blocker.location.key;
    const current = decision.current;
    switch (current.kind) {
      case 'cancel':
        blocker.reset();
        if (current.reason === 'pvradar') openPvradarModal();
        else openSubscriptionDialog({ proRequired: true });
        break;
      case 'external':
        blocker.reset();
        openPvradar();
        break;
      case 'newTab':
        window.open(blocker.location.pathname + blocker.location.search, '_blank', 'noopener');
        blocker.reset();
        break;
      case 'confirmDiscard':
        void confirmDiscardChanges().then((discard) => (discard ? blocker.proceed() : blocker.reset()));
        break;
      default:
        blocker.proceed();
    }
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return null;
}
