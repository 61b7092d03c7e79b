import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmDestructive } from './user-action';

/**
 * Typed work is never dropped without a word (docs/web.md "Unsaved work"): one question for a
 * dialog that is closed with changes and for a page left with unsaved drafts.
 */
export const unsavedChangesTexts = {
  header: 'Änderungen verwerfen?',
  message: 'Ihre Änderungen sind noch nicht gespeichert und gehen verloren.',
} as const;

/** Asks "Änderungen verwerfen?" (Ja/Nein, the focus on Nein); true when the user discards. */
export function confirmDiscard(): Promise<boolean> {
  return confirmDestructive({ ...unsavedChangesTexts, acceptLabel: 'Ja', rejectLabel: 'Nein' });
}

/**
 * While `dirty`, leaving the page asks first: a navigation inside the app through the router's
 * blocker ("Nein" stays, "Ja" goes on and drops the work), a reload or a closed tab through the
 * browser's own leave warning (browsers show their own text there, never ours).
 */
export function useLeaveGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard().then((discard) => (discard ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium versions show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
