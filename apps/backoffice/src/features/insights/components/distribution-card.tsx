import { formatInteger, fr } from "@certavis/i18n-fr";
import { Card, Heading } from "@radix-ui/themes";
import type { CompanyInsights } from "../api/get-insights";
import { ChartData } from "./chart-data";
import { HorizontalBars } from "./horizontal-bars";

const t = fr.insights.charts;
const STARS = [5, 4, 3, 2, 1] as const;

/** Published reviews per star bucket, five stars first. */
export function DistributionCard({ insights }: { insights: CompanyInsights }) {
  const items = STARS.map((n) => ({ label: t.stars(n), value: insights.distribution[n] }));
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {t.distributionTitle}
      </Heading>
      <HorizontalBars items={items} label={t.distributionTitle} />
      <ChartData
        caption={t.distributionTitle}
        head={[t.starsColumn, t.count]}
        rows={items.map((item) => [item.label, formatInteger(item.value)])}
      />
    </Card>
  );
}

/** 'Demandes envoyées → Relances → Avis reçus → Avis publiés'. */
export function FunnelCard({ insights }: { insights: CompanyInsights }) {
  const { totals } = insights;
  const items = [
    { label: t.funnel.requests, value: totals.requests_sent },
    { label: t.funnel.reminders, value: totals.reminders_sent },
    { label: t.funnel.submitted, value: totals.reviews_submitted },
    { label: t.funnel.published, value: totals.reviews_published },
  ];
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {t.funnelTitle}
      </Heading>
      <HorizontalBars items={items} label={t.funnelTitle} />
      <ChartData
        caption={t.funnelTitle}
        head={[t.funnelTitle, t.count]}
        rows={items.map((item) => [item.label, formatInteger(item.value)])}
      />
    </Card>
  );
}
