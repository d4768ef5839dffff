import { fr } from "@certavis/i18n-fr";
import { Callout, Text } from "@radix-ui/themes";

const t = fr.iframe;

/** In place of a code or the preview while the configuration cannot make one (no company yet). */
export function IncompleteConfig() {
  return (
    <Callout.Root color="amber" role="alert">
      <Callout.Text>
        <Text weight="bold">{t.incompleteConfig}</Text> — {t.incompleteConfigHint}
      </Callout.Text>
    </Callout.Root>
  );
}
