import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Callout, Flex, Heading, Progress, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { useGoogleStatus } from "../api/get-google-status";
import { googleFeedUrl, googleMerchantFeedUrl } from "../lib/embed-code";
import { CodeToCopy } from "./code-to-copy";
import { ConfiguratorCard } from "./configurator-card";

const t = frIframe.feed;

/** One threshold: the exact count as text, and as a bar up to the threshold. */
function Threshold({
  text,
  label,
  hint,
  count,
  threshold,
}: {
  text: string;
  label: string;
  hint: string;
  count: number;
  threshold: number;
}) {
  return (
    <Flex direction="column" gap="1">
      <Text as="p" size="2" weight="medium">
        {text}
        {count >= threshold ? ` · ${t.reached}` : ""}
      </Text>
      <Progress value={Math.min(100, (count / threshold) * 100)} max={100} aria-label={label} />
      <Text as="p" size="1" color="gray">
        {hint}
      </Text>
    </Flex>
  );
}

function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <div>
      <Heading as="h3" size="2" mb="2">
        {title}
      </Heading>
      <ol className="m-0 grid list-decimal gap-1 pl-5 text-[length:var(--font-size-2)]">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The 'Google' panel: where the shop stands against Google's thresholds (store reviews of the last 12
 * months for its country, product reviews in the feed), the two feeds' addresses and the Merchant
 * Center steps. A shop that moderates its own reviews is told that the store-ratings feed takes only
 * shops moderated by Certavis, and where to change it (Entreprise).
 */
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
  const status = useGoogleStatus();
  return (
    <ConfiguratorCard title={t.title} intro={t.intro}>
      <Flex direction="column" gap="4">
        {publicPage ? null : (
          <Callout.Root color="gray" size="1">
            <Callout.Text>{t.pageOff}</Callout.Text>
          </Callout.Root>
        )}
        {status.data && !status.data.certavis_moderation ? (
          <Callout.Root color="gray" size="1">
            <Callout.Text>{t.storeNeedsCertavis}</Callout.Text>
            <Callout.Text>
              <Link to="/settings/company" className="font-bold text-inherit underline">
                {t.storeNeedsCertavisLink}
              </Link>
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {status.data ? (
          <Flex direction="column" gap="3" asChild>
            <section aria-label={t.progressTitle}>
              <Heading as="h3" size="2">
                {t.progressTitle}
              </Heading>
              <Threshold
                text={t.storeProgress(
                  status.data.store_reviews.count,
                  status.data.store_reviews.threshold,
                  status.data.store_reviews.months,
                  status.data.country,
                )}
                label={t.storeProgressLabel}
                hint={t.storeProgressHint}
                count={status.data.store_reviews.count}
                threshold={status.data.store_reviews.threshold}
              />
              <Threshold
                text={t.productProgress(
                  status.data.product_reviews.count,
                  status.data.product_reviews.threshold,
                )}
                label={t.productProgressLabel}
                hint={t.productProgressHint}
                count={status.data.product_reviews.count}
                threshold={status.data.product_reviews.threshold}
              />
            </section>
          </Flex>
        ) : null}
        <CodeToCopy label={t.url} hint={t.urlHint} code={googleFeedUrl(apiOrigin, apiBase, companyId)} />
        <Steps title={t.stepsTitle} steps={t.steps} />
        <CodeToCopy
          label={t.merchantUrl}
          hint={t.merchantUrlHint}
          code={googleMerchantFeedUrl(apiOrigin, apiBase, companyId)}
        />
        <Steps title={t.storeStepsTitle} steps={t.storeSteps} />
      </Flex>
    </ConfiguratorCard>
  );
}
