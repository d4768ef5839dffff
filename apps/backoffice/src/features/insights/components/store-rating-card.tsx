import { formatAverage, formatInteger, fr } from "@certavis/i18n-fr";
import { Card, Heading, Text } from "@radix-ui/themes";
import type { CompanyInsights } from "../api/get-insights";
import { ChartData } from "./chart-data";
import { HorizontalBars } from "./horizontal-bars";

const t = fr.insights.store;
const c = fr.insights.charts;
const STARS = [5, 4, 3, 2, 1] as const;

/** The shop's own rating over the period (its store reviews), apart from the products' figures. */
export function StoreRatingCard({ store }: { store: NonNullable<CompanyInsights["store"]> }) {
  const { rating } = store;
  const items = STARS.map((n) => ({ label: c.stars(n), value: rating.distribution[n] }));
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="2">
        {t.title}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {t.average(formatAverage(rating.average), rating.count)}
      </Text>
      <HorizontalBars items={items} label={t.title} />
      <ChartData
        caption={t.title}
        head={[c.starsColumn, c.count]}
        rows={items.map((item) => [item.label, formatInteger(item.value)])}
      />
    </Card>
  );
}
