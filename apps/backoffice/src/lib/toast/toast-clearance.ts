import { useEffect, useSyncExternalStore } from "react";

/**
 * Editors whose 'Annuler' / 'Enregistrer' bar ends the page: while one is on screen, the toaster
 * stands higher (clear of that bar), so a toast never covers the buttons the user is about to press.
 */
let editors = 0;
const listeners = new Set<() => void>();

function change(delta: number) {
  editors += delta;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => editors > 0;

/** For the toaster: whether an editor's bar is on screen. */
export function useToastClearanceNeeded(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** For an editor with an 'Annuler' / 'Enregistrer' bar at its foot: keeps the toasts above it while mounted. */
export function useToastClearance(): void {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}
