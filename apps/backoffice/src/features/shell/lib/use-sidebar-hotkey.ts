import { useEffect } from "react";

/** Ctrl+B (Cmd+B on a Mac) toggles the sidebar from anywhere in the signed-in app. */
export function useSidebarHotkey(toggle: () => void) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "b") {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);
}
