import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Card, Flex, Heading, Link } from "@radix-ui/themes";
import { IFRAME_HEIGHT, type WidgetConfig, widgetUrl } from "../lib/embed-code";
import { IncompleteConfig } from "./incomplete-config";

const t = frIframe;

/** The widget as configured, live in its frame, with a link that opens it alone. */
export function WidgetPreviewCard({ config, origin }: { config: WidgetConfig | null; origin: string }) {
  return (
    <Card size="3" className="lg:sticky lg:top-4">
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" size="4">
          {t.preview}
        </Heading>
        {config ? (
          <Link href={widgetUrl(origin, config)} target="_blank" rel="noopener" size="2">
            {t.openPreview}
          </Link>
        ) : null}
      </Flex>
      {config ? (
        <iframe
          src={widgetUrl(origin, config)}
          title={t.preview}
          height={IFRAME_HEIGHT}
          className="block w-full rounded-md border border-[var(--gray-a6)]"
        />
      ) : (
        <IncompleteConfig />
      )}
    </Card>
  );
}
