import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Callout, Checkbox, Flex, Link, Text } from "@radix-ui/themes";
import { hasProduct, jsonLdUrl, type WidgetConfig } from "../lib/embed-code";
import { CodeToCopy } from "./code-to-copy";
import { ConfiguratorCard } from "./configurator-card";
import { IncompleteConfig } from "./incomplete-config";

const t = frIframe.jsonLd;

/** A product's rich results: JSON-LD by the loader, or its server URL for the shop's own pages. */
export function JsonLdCard({
  config,
  apiOrigin,
  apiBase,
  onJsonLdChange,
}: {
  config: WidgetConfig | null;
  apiOrigin: string;
  apiBase: string;
  onJsonLdChange: (on: boolean) => void;
}) {
  return (
    <ConfiguratorCard title={t.title} intro={t.intro}>
      {!config ? (
        <IncompleteConfig />
      ) : !hasProduct(config) ? (
        <Callout.Root color="gray" size="1">
          <Callout.Text>{t.needsProduct}</Callout.Text>
        </Callout.Root>
      ) : (
        <Flex direction="column" gap="4">
          <Text as="label" size="2">
            <Flex gap="2" align="start">
              <Checkbox checked={config.jsonLd} onCheckedChange={(on) => onJsonLdChange(on === true)} />
              <span>
                <Text weight="bold">{t.withScript}</Text> <Text color="gray">{t.withScriptHint}</Text>
              </span>
            </Flex>
          </Text>
          <CodeToCopy
            label={t.serverUrl}
            hint={t.serverHint}
            code={jsonLdUrl(apiOrigin, apiBase, config) ?? ""}
          />
          <Text as="p" size="1" color="gray" className="font-mono">
            {t.serverSnippet}
          </Text>
          <Text as="p" size="2">
            <Link href="https://search.google.com/test/rich-results" target="_blank" rel="noopener">
              {t.check}
            </Link>
          </Text>
        </Flex>
      )}
    </ConfiguratorCard>
  );
}
