import { fr } from "@certavis/i18n-fr";
import { Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { googleFeedUrl } from "../lib/embed-code";
import { CodeToCopy } from "./code-to-copy";

const t = fr.iframe.feed;

/** The Google Product Reviews feed's address and the Merchant Center steps. */
export function GoogleFeedCard({
  apiOrigin,
  apiBase,
  companyId,
  publicPage,
}: {
  apiOrigin: string;
  apiBase: string;
  companyId: string;
  publicPage: boolean;
}) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        {t.title}
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        {t.intro}
      </Text>
      <Flex direction="column" gap="4">
        {publicPage ? null : (
          <Callout.Root color="gray" size="1">
            <Callout.Text>{t.pageOff}</Callout.Text>
          </Callout.Root>
        )}
        <CodeToCopy label={t.url} hint={t.urlHint} code={googleFeedUrl(apiOrigin, apiBase, companyId)} />
        <div>
          <Heading as="h3" size="2" mb="2">
            {t.stepsTitle}
          </Heading>
          <ol className="m-0 grid list-decimal gap-1 pl-5 text-[length:var(--font-size-2)]">
            {t.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </Flex>
    </Card>
  );
}
