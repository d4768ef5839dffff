import { useCallback, useEffect, useRef } from "react";
import { type BlockerFunction, useBlocker } from "react-router";

export interface UnsavedChangesGuard {
  /** A navigation is held: show the unsaved-changes dialog. */
  blocked: boolean;
  /** Go on with the held navigation (changes are lost, or were just saved). */
  leave: () => void;
  /** Cancel the held navigation and stay on the editor. */
  stay: () => void;
  /** Let the next navigation through without asking (call right before navigating after a save). */
  allowNextNavigation: () => void;
}

/**
 * Holds in-app navigations to another path while `dirty` (react-router blocker; query-string changes on the
 * same path pass) and asks the browser to warn before unloading the page.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChangesGuard {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const bypass = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (bypass.current) {
      bypass.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  }, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  return {
    blocked: blocker.state === "blocked",
    leave: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
    allowNextNavigation: () => {
      bypass.current = true;
    },
  };
}
