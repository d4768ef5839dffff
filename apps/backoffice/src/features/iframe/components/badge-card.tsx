import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Callout, Flex, Link, Text } from "@radix-ui/themes";
import type { Company } from "../../../lib/api/get-company";
import { badgeCode, publicPageUrl } from "../lib/embed-code";
import { CodeToCopy } from "./code-to-copy";
import { ConfiguratorCard } from "./configurator-card";

const t = frIframe.badge;

/** The company's public reviews page and the badge that links to it. */
export function BadgeCard({
  company,
  apiOrigin,
  apiBase,
}: {
  company: Company;
  apiOrigin: string;
  apiBase: string;
}) {
  return (
    <ConfiguratorCard title={t.title} intro={t.intro}>
      <Flex direction="column" gap="4">
        <Text as="p" size="2">
          <Link href={publicPageUrl(apiOrigin, company.slug)} target="_blank" rel="noopener">
            {t.pageLink}
          </Link>
        </Text>
        {company.public_page ? null : (
          <Callout.Root color="gray" size="1">
            <Callout.Text>{t.pageOff}</Callout.Text>
          </Callout.Root>
        )}
        <CodeToCopy
          label={t.code}
          hint={t.codeHint}
          code={badgeCode(apiOrigin, apiBase, company.id, company.slug, t.alt)}
        />
      </Flex>
    </ConfiguratorCard>
  );
}
