import { formatAverage, formatInteger, fr } from "@certavis/i18n-fr";
import { Card, Grid, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { CompanyInsights } from "../api/get-insights";
import { ChartData } from "./chart-data";
import { HorizontalBars } from "./horizontal-bars";
import { type OpenTheme, ThemeReviewsDialog } from "./theme-reviews-dialog";
import { ThemeList } from "./themes-card";

const t = fr.insights.store;
const c = fr.insights.charts;
const th = fr.insights.themes;
const STARS = [5, 4, 3, 2, 1] as const;

/**
 * The shop's own rating over the period (its store reviews), apart from the products' figures: its
 * average, its distribution and its themes (a term opens the store reviews that use it). Its series
 * is the 'Boutique' line of the rating chart.
 */
export function StoreRatingCard({ store }: { store: NonNullable<CompanyInsights["store"]> }) {
  const [open, setOpen] = useState<OpenTheme | null>(null);
  const { rating, themes } = store;
  const items = STARS.map((n) => ({ label: c.stars(n), value: rating.distribution[n] }));
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="2">
        {t.title}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {t.average(formatAverage(rating.average), rating.count)}
      </Text>
      {rating.count > 0 ? (
        <>
          <HorizontalBars items={items} label={t.title} />
          <ChartData
            caption={t.title}
            head={[c.starsColumn, c.count]}
            rows={items.map((item) => [item.label, formatInteger(item.value)])}
          />
          <Grid columns={{ initial: "1", sm: "2" }} gap="5" mt="4">
            <ThemeList
              title={th.positive}
              themes={themes.positive}
              onOpen={(theme) => setOpen({ label: theme.label, side: "positive" })}
            />
            <ThemeList
              title={th.negative}
              themes={themes.negative}
              onOpen={(theme) => setOpen({ label: theme.label, side: "negative" })}
            />
          </Grid>
          <ThemeReviewsDialog theme={open} productId={null} subject="store" onClose={() => setOpen(null)} />
        </>
      ) : null}
    </Card>
  );
}
