import { fr } from "@certavis/i18n-fr";
import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * While `dirty`: the browser warns before unloading, and an in-app navigation to another page is held
 * (`blocker.state === "blocked"`) until the screen proceeds or resets it (the unsaved-changes dialog).
 * `allowLeave()` lets the screen's own navigation after a save through.
 */
export function useUnsavedChanges(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = fr.common.unsavedChanges.beforeUnload;
      return fr.common.unsavedChanges.beforeUnload;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  const allowLeave = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocker, allowLeave };
}
