import { fr } from "@certavis/i18n-fr";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useToastClearanceNeeded } from "../lib/toast/toast-clearance";
import { dismissToast, holdToasts, toastStore } from "../lib/toast/toast-store";

const variantClass = {
  default: "border-[var(--gray-6)]",
  success: "border-[var(--green-8)]",
  error: "border-[var(--red-8)]",
} as const;

/** Bottom-right notification region ('Notifications'); Alt+T moves the focus into it. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const region = useRef<HTMLElement>(null);
  // Above an editor's 'Annuler' / 'Enregistrer' bar while one is open (never covering it).
  const raised = useToastClearanceNeeded();

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.altKey && event.code === "KeyT") {
        event.preventDefault();
        region.current?.focus();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      holdToasts("pointer", false);
      holdToasts("focus", false);
    };
  }, []);

  return (
    <section
      ref={region}
      aria-label={fr.shell.notifications}
      // A live region stays visible to assistive technology while a modal dialog hides the rest.
      aria-live="polite"
      tabIndex={-1}
      // While the pointer or the focus is on the notifications, none of them leaves.
      onPointerEnter={() => holdToasts("pointer", true)}
      onPointerLeave={() => holdToasts("pointer", false)}
      onFocus={() => holdToasts("focus", true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) holdToasts("focus", false);
      }}
      className={`fixed right-4 ${raised ? "bottom-24" : "bottom-4"} z-[1000] flex w-[22rem] max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none`}
    >
      <ol className="m-0 flex list-none flex-col gap-2 p-0">
        {toasts.map((t) => (
          <li
            key={t.id}
            className={`rounded-lg border-l-4 bg-[var(--color-panel-solid)] p-3 shadow-lg ${variantClass[t.variant]}`}
            style={{ boxShadow: "var(--shadow-4)" }}
          >
            {/* The role sits inside the item: a list item with another role breaks the list (axe "list"). */}
            <div
              role={t.variant === "error" ? "alert" : "status"}
              className="flex items-start justify-between gap-3"
            >
              <div className="min-w-0">
                <p className="m-0 font-semibold text-[var(--gray-12)] text-sm">{t.title}</p>
                {t.description ? (
                  <p className="m-0 mt-1 whitespace-pre-line text-[var(--gray-11)] text-sm">
                    {t.description}
                  </p>
                ) : null}
              </div>
              <button
                type="button"
                onClick={() => dismissToast(t.id)}
                aria-label={fr.common.close}
                className="cursor-pointer rounded border-0 bg-transparent p-1 text-[var(--gray-11)] hover:bg-[var(--gray-3)]"
              >
                ×
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
