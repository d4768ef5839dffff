import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Grid } from "@radix-ui/themes";
import { useSearchParams } from "react-router";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { useProducts } from "../../../lib/api/get-products";
import { useInsights } from "../api/get-insights";
import { DistributionCard, FunnelCard } from "../components/distribution-card";
import { PeriodControls } from "../components/period-controls";
import { ProductsTable } from "../components/products-table";
import { RatingChart, ReviewsChart } from "../components/series-charts";
import { StoreRatingCard } from "../components/store-rating-card";
import { ThemesCard } from "../components/themes-card";
import { TotalsCards } from "../components/totals-cards";
import { downloadText, productsCsv, seriesCsv } from "../lib/insights-csv";
import { presetOf, readInsightsQuery, withParams } from "../lib/insights-query";

const t = fr.insights;

export function InsightsRoute() {
  const [params, setParams] = useSearchParams();
  const query = readInsightsQuery(params, new Date());
  const insights = useInsights(query);
  const products = useProducts();
  const data = insights.data;

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          data ? (
            <Flex gap="2" wrap="wrap">
              <Button variant="outline" onClick={() => downloadText(seriesCsv(data), t.csv.seriesFile)}>
                {`${t.export} · ${t.charts.reviewsTitle}`}
              </Button>
              <Button variant="outline" onClick={() => downloadText(productsCsv(data), t.csv.productsFile)}>
                {`${t.export} · ${t.products.title}`}
              </Button>
            </Flex>
          ) : null
        }
      />
      <PeriodControls
        key={`${query.from}|${query.to}`}
        preset={presetOf(params)}
        query={query}
        products={(products.data ?? []).map((p) => ({ id: p.id, name: p.name }))}
        onChange={(changes) => setParams(withParams(params, changes), { replace: true })}
      />
      {insights.isError && !data ? (
        <LoadError error={insights.error} fallback={t.loadFailed} onRetry={() => void insights.refetch()} />
      ) : !data ? (
        <LoadingScreen />
      ) : (
        <>
          <TotalsCards insights={data} />
          <Grid columns={{ initial: "1", lg: "2" }} gap="4" mb="4">
            <RatingChart insights={data} />
            <ReviewsChart insights={data} />
            <DistributionCard insights={data} />
            <FunnelCard insights={data} />
            {data.store ? <StoreRatingCard store={data.store} /> : null}
          </Grid>
          <Grid columns={{ initial: "1", lg: "2" }} gap="4">
            <ProductsTable insights={data} />
            <ThemesCard insights={data} />
          </Grid>
        </>
      )}
    </>
  );
}
