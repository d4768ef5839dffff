import { fr } from "@certavis/i18n-fr";
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { plainIframeCode, scriptEmbedCode, type WidgetConfig } from "../lib/embed-code";
import { CodeToCopy } from "./code-to-copy";
import { IncompleteConfig } from "./incomplete-config";

const t = fr.iframe;

/** The widget's two embed codes: the spec's plain iframe and the `/embed.js` form. */
export function EmbedCodeCard({ config, origin }: { config: WidgetConfig | null; origin: string }) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        {t.embedCode}
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        {t.embedHint}
      </Text>
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
    </Card>
  );
}
