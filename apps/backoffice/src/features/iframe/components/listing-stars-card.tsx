import { fr } from "@certavis/i18n-fr";
import { Card, Heading, Text } from "@radix-ui/themes";
import { starsCode, type WidgetConfig } from "../lib/embed-code";
import { CodeToCopy } from "./code-to-copy";

const t = fr.iframe.stars;

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
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        {t.title}
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        {t.intro}
      </Text>
      <CodeToCopy
        label={t.code}
        hint={t.codeHint}
        code={starsCode(origin, apiOrigin, config, slug, t.skuPlaceholder)}
      />
      <Text as="p" size="2" color="gray" mt="2">
        {t.linkHint}
      </Text>
    </Card>
  );
}
