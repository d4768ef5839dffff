import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Text } from "@radix-ui/themes";
import { starsCode, type WidgetConfig } from "../lib/embed-code";
import { CodeToCopy } from "./code-to-copy";
import { ConfiguratorCard } from "./configurator-card";

const t = frIframe.stars;

/** The snippet of a listing page's stars (`data-certavis-stars`, filled by `/embed.js?stars`). */
export function ListingStarsCard({
  config,
  origin,
  apiOrigin,
  slug,
}: {
  config: WidgetConfig;
  origin: string;
  apiOrigin: string;
  slug: string;
}) {
  return (
    <ConfiguratorCard title={t.title} intro={t.intro}>
      <CodeToCopy
        label={t.code}
        hint={t.codeHint}
        code={starsCode(origin, apiOrigin, config, slug, t.skuPlaceholder)}
      />
      <Text as="p" size="2" color="gray" mt="2">
        {t.linkHint}
      </Text>
    </ConfiguratorCard>
  );
}
