import { nextQuotaReset, quotaPercent } from "@certavis/domain";
import { formatDate, formatInteger, fr } from "@certavis/i18n-fr";
import { Card, Flex, Heading, Progress, Text } from "@radix-ui/themes";
import type { Company } from "../../../lib/api/get-company";

const t = fr.settings.company.quota;

/** E-mail quota bar (spec §9): used / limit, clamped 0–100 %, 'illimité' when null, and the reset date. */
export function QuotaCard({ company }: { company: Company }) {
  const used = company.email_quota_used;
  const limit = company.email_quota_limit;
  const percent = quotaPercent(used, limit);
  const usage = t.usage(formatInteger(used), limit === null ? t.unlimited : formatInteger(limit));
  return (
    <Card size="3" asChild>
      <section aria-labelledby="quota-title">
        <Flex justify="between" align="center" mb="2" gap="2" wrap="wrap">
          <Heading as="h2" size="4" id="quota-title">
            {t.title}
          </Heading>
          <Text size="2">{usage}</Text>
        </Flex>
        {limit === null ? null : (
          <Progress
            value={percent}
            max={100}
            size="3"
            color={percent >= 100 ? "red" : percent >= 80 ? "amber" : undefined}
            aria-label={t.title}
            aria-valuetext={`${percent} %`}
          />
        )}
        <Text as="p" size="2" color="gray" mt="2">
          {t.resetsOn(formatDate(nextQuotaReset(company.email_quota_period_start)))}
        </Text>
      </section>
    </Card>
  );
}
