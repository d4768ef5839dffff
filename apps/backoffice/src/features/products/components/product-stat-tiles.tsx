import { averageRating, responseRatePercent } from "@certavis/domain";
import { DASH, formatAverage, formatInteger, formatPercent, formatRelativeTime, fr } from "@certavis/i18n-fr";
import { Grid } from "@radix-ui/themes";
import { BoxIcon, ClockIcon, StarIcon, TrendIcon } from "../../../components/icons";
import { StatCard } from "../../../components/stat-card";
import type { Product } from "./product-card";

const t = fr.products.tiles;

/** The products page's tiles: how many products, response rate, average rating, last review. */
export function ProductStatTiles({
  products,
  meanNote,
  loading,
  companyLoading,
}: {
  products: readonly Product[];
  meanNote: Parameters<typeof averageRating>[0];
  loading: boolean;
  companyLoading: boolean;
}) {
  const totals = products.reduce(
    (sum, p) => ({ reviews: sum.reviews + p.reviews_count, orders: sum.orders + p.orders }),
    { reviews: 0, orders: 0 },
  );
  const lastReviewed = products
    .map((p) => p.last_reviewed_at)
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  return (
    <Grid columns={{ initial: "1", sm: "2", lg: "4" }} gap="4" mb="5">
      <StatCard
        label={t.totalProducts}
        value={formatInteger(products.length)}
        icon={BoxIcon}
        loading={loading}
      />
      <StatCard
        label={t.responseRate}
        value={formatPercent(responseRatePercent(totals.reviews, totals.orders))}
        icon={TrendIcon}
        loading={loading}
      />
      <StatCard
        label={t.averageRating}
        value={formatAverage(averageRating(meanNote, products))}
        icon={StarIcon}
        loading={loading || companyLoading}
      />
      <StatCard
        label={t.lastReview}
        value={lastReviewed ? formatRelativeTime(lastReviewed) : DASH}
        wordy={Boolean(lastReviewed)}
        icon={ClockIcon}
        loading={loading}
      />
    </Grid>
  );
}
