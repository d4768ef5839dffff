import { queryKeys } from "@certavis/api-client/react-query";
import { fr } from "@certavis/i18n-fr";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toastError } from "../../../lib/toast/error-toast";
import { type DelayKind, updateTemplateDelay } from "../api/update-template-delay";

/** Spec §9: the slider's value is saved 400 ms after it last changed. */
export const DELAY_DEBOUNCE_MS = 400;

/**
 * A template's delay edited by a slider: shown at once, PATCHed (only `send_after` or `remind_after`) once
 * it has not changed for 400 ms; a change still waiting is sent when the template changes or the editor closes.
 */
export function useTemplateDelay(kind: DelayKind) {
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, number>>({});
  const pending = useRef<{ id: string; days: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const change = pending.current;
    pending.current = null;
    if (!change) return;
    updateTemplateDelay(change.id, kind, change.days)
      .then(() =>
        Promise.all([
          client.invalidateQueries({ queryKey: queryKeys.templates.all }),
          client.invalidateQueries({ queryKey: queryKeys.products.all }),
        ]),
      )
      .catch((error: unknown) => toastError(error, fr.errors.products.updateFailed));
  }, [client, kind]);

  useEffect(() => flush, [flush]);

  const set = useCallback(
    (id: string, days: number) => {
      if (pending.current && pending.current.id !== id) flush();
      setValues((current) => ({ ...current, [id]: days }));
      pending.current = { id, days };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DELAY_DEBOUNCE_MS);
    },
    [flush],
  );

  return {
    /** The slider value for a template: what was just set, else the saved one. */
    valueOf: (id: string, saved: number) => values[id] ?? saved,
    set,
  };
}
