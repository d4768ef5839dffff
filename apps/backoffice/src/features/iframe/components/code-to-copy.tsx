import { fr } from "@certavis/i18n-fr";
import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Button } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import { useEffect, useId, useState } from "react";
import { toast } from "../../../lib/toast/toast-store";

const t = frIframe;
const FEEDBACK_MS = 2000;

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error("clipboard unavailable");
  await navigator.clipboard.writeText(text);
}

/**
 * A labelled, read-only code block and its copy button: 'Code copié' for a moment, or the spec's
 * error toast 'Impossible de copier' (the code stays selectable by hand).
 */
export function CodeToCopy({ label, hint, code }: { label: string; hint?: string; code: string }) {
  const id = useId();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await copyText(code);
      setState("copied");
    } catch {
      setState("failed");
      toast({ title: fr.errors.title, description: fr.errors.copyFailed, variant: "error" });
    }
  };

  return (
    <section aria-labelledby={`${id}-label`} className="grid gap-2">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text as="p" id={`${id}-label`} weight="bold" size="2">
          {label}
        </Text>
        <Flex align="center" gap="2">
          <Text as="span" size="1" color={state === "failed" ? "red" : "green"} role="status">
            {state === "copied" ? t.copied : state === "failed" ? fr.errors.copyFailed : ""}
          </Text>
          <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={t.copyNamed(label)}>
            {t.copy}
          </Button>
        </Flex>
      </Flex>
      {hint ? (
        <Text as="p" size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <pre
        // A scrollable region must be reachable by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code block (axe scrollable-region-focusable)
        tabIndex={0}
        className="m-0 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded-md border border-[var(--gray-a6)] bg-[var(--gray-a2)] p-3 font-mono text-xs"
      >
        <code>{code}</code>
      </pre>
    </section>
  );
}
