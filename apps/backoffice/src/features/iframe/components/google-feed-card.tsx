import { fr } from "@certavis/i18n-fr";
import { Callout, Flex, Heading } from "@radix-ui/themes";
import { googleFeedUrl } from "../lib/embed-code";
import { CodeToCopy } from "./code-to-copy";
import { ConfiguratorCard } from "./configurator-card";

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
    <ConfiguratorCard title={t.title} intro={t.intro}>
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
    </ConfiguratorCard>
  );
}
