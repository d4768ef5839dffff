import { useEffect, useRef, useState } from "react";

type FocusKind = "error" | "page" | "banner";

/**
 * Where the focus goes after 'Suivant', 'Précédent' or 'Envoyer mon avis': the first field in error of
 * the page, the page's heading, or the error banner. Each request moves it again, even to the same place.
 */
export function useFormFocus(
  errors: Record<string, string>,
  pageFields: readonly { id: string }[] | undefined,
) {
  const [focus, setFocus] = useState<{ kind: FocusKind; seq: number } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const pageHeading = useRef<HTMLParagraphElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focus) return;
    if (focus.kind === "banner") bannerRef.current?.focus();
    else if (focus.kind === "page") pageHeading.current?.focus();
    else {
      const firstInvalid = pageFields?.find((field) => errors[field.id]);
      const container = firstInvalid
        ? formRef.current?.querySelector(`[data-field-id="${CSS.escape(firstInvalid.id)}"]`)
        : null;
      container?.querySelector<HTMLElement>("input, select, textarea")?.focus();
    }
  }, [focus, errors, pageFields]);

  return {
    formRef,
    pageHeading,
    bannerRef,
    requestFocus: (kind: FocusKind) => setFocus((f) => ({ kind, seq: (f?.seq ?? 0) + 1 })),
  };
}
