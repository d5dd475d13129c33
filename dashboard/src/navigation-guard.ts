/**
 * "Leaving with unsaved changes asks first" (docs/api.md#dashboard-api): while a page has unsaved work,
 * every in-app navigation (the router's own location hook, so links and redirects alike) and closing or
 * reloading the tab (`beforeunload`) ask before leaving.
 */
import { useEffect } from 'react';
import { useBrowserLocation } from 'wouter/use-browser-location';

export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?';

let unsaved = false;

/** Mark the current page as holding unsaved changes (`dirty`) for as long as it is shown. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    unsaved = dirty;
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => {
      unsaved = false;
      window.removeEventListener('beforeunload', ask);
    };
  }, [dirty]);
}

/** Forget the unsaved state (after saving, right before navigating away on purpose). */
export function clearUnsavedChanges(): void {
  unsaved = false;
}

/** wouter's browser location, whose navigate asks first when the page has unsaved changes. */
export const useGuardedLocation: typeof useBrowserLocation = (options) => {
  const [location, navigate] = useBrowserLocation(options);
  const guarded: typeof navigate = (to, navOptions) => {
    if (unsaved && !window.confirm(LEAVE_QUESTION)) return;
    unsaved = false;
    navigate(to, navOptions);
  };
  return [location, guarded];
};
