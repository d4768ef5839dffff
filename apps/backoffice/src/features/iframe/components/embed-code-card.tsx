import { fr } from "@certavis/i18n-fr";
import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Flex, Text } from "@radix-ui/themes";
import { plainIframeCode, scriptEmbedCode, type WidgetConfig } from "../lib/embed-code";
import { CodeToCopy } from "./code-to-copy";
import { ConfiguratorCard } from "./configurator-card";
import { IncompleteConfig } from "./incomplete-config";

const t = frIframe;

/** The widget's two embed codes: the spec's plain iframe and the `/embed.js` form. */
export function EmbedCodeCard({ config, origin }: { config: WidgetConfig | null; origin: string }) {
  return (
    <ConfiguratorCard title={t.embedCode} intro={t.embedHint}>
      {config ? (
        <Flex direction="column" gap="4">
          <CodeToCopy
            label={t.plainIframe}
            hint={t.plainIframeHint}
            code={plainIframeCode(origin, config, fr.widget.title)}
          />
          <CodeToCopy
            label={t.scriptEmbed}
            hint={t.scriptEmbedHint}
            code={scriptEmbedCode(origin, config, fr.widget.title)}
          />
          <Text as="p" size="2" color="gray">
            {t.skuHint}
          </Text>
        </Flex>
      ) : (
        <IncompleteConfig />
      )}
    </ConfiguratorCard>
  );
}
