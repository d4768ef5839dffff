import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Callout, Text } from "@radix-ui/themes";

const t = frIframe;

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
