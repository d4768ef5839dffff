import { averageRating, can, satisfactionPercent } from "@certavis/domain";
import { formatAverage, formatInteger, formatPercent, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ClockIcon, MessageIcon, SmileIcon, StarIcon } from "../../../components/icons";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { useCompany } from "../../../lib/api/get-company";
import { useMe } from "../../../lib/api/get-me";
import { useProducts } from "../../../lib/api/get-products";
import { toastError } from "../../../lib/toast/error-toast";
import { downloadAuditCsv } from "../api/download-audit-csv";
import { useReviews } from "../api/get-reviews";
import { ReviewCard } from "../components/review-card";
import { ReviewDialog } from "../components/review-dialog";
import { ReviewFiltersBar } from "../components/review-filters";
import { ShopReports } from "../components/shop-reports";
import { filterReviews, NO_FILTERS, type ReviewFilters, resetFilters } from "../lib/filter-reviews";

const t = fr.reviews;

export function ReviewsRoute() {
  const reviews = useReviews();
  const products = useProducts();
  const company = useCompany();
  // The trail's CSV holds personal data: owner, admin and manager only (ARCHITECTURE §10.13).
  const mayExportAudit = can(useMe().data?.role, "personalData.view");
  const [filters, setFilters] = useState<ReviewFilters>(NO_FILTERS);
  const [openId, setOpenId] = useState<string | null>(null);

  const all = reviews.data ?? [];
  const visible = useMemo(() => filterReviews(reviews.data ?? [], filters), [reviews.data, filters]);
  const pendingReviews = all.filter((r) => r.status === "pending");
  // Satisfaction of the products, as their average (the store rating is apart).
  const ratings = all.filter((r) => r.subject === "product").map((r) => r.rating);
  // Spec §9: the company's mean, else the products' notes weighted by their review counts.
  const average = averageRating(company.data?.mean_note, products.data ?? []);
  // The pending card may open a review the filters hide: then the dialog goes through every review.
  const dialogList = openId && !visible.some((r) => r.id === openId) ? all : visible;
  const productOptions = (products.data ?? []).map((p) => ({ id: p.id, name: p.name }));

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Flex gap="2" wrap="wrap">
            <Button variant="secondary" asChild>
              <Link to="/reviews/insights">{fr.insights.open}</Link>
            </Button>
            {mayExportAudit ? (
              <Button
                variant="outline"
                onClick={() =>
                  void downloadAuditCsv().catch((error: unknown) =>
                    toastError(error, fr.errors.reviews.loadFailed),
                  )
                }
              >
                {fr.certification.backoffice.exportAudit}
              </Button>
            ) : null}
          </Flex>
        }
      />
      <Grid columns={{ initial: "1", sm: "2", lg: "4" }} gap="4" mb="5">
        <StatCard
          label={t.cards.averageRating}
          value={formatAverage(average)}
          icon={StarIcon}
          loading={company.isPending || products.isPending}
        />
        <StatCard
          label={t.cards.totalReviews}
          // The page loads the 200 latest reviews; the company knows them all.
          value={formatInteger(company.data?.total_reviews ?? all.length)}
          icon={MessageIcon}
          loading={company.isPending && reviews.isPending}
        />
        <StatCard
          label={t.cards.satisfaction}
          value={formatPercent(satisfactionPercent(ratings))}
          icon={SmileIcon}
          loading={reviews.isPending}
        />
        <StatCard
          loading={reviews.isPending}
          label={t.cards.pending}
          value={pendingReviews.length > 0 ? formatInteger(pendingReviews.length) : t.cards.allVerified}
          wordy={pendingReviews.length === 0}
          icon={ClockIcon}
          onClick={pendingReviews[0] ? () => setOpenId(pendingReviews[0]?.id ?? null) : undefined}
        />
      </Grid>

      <ShopReports enabled={company.data?.moderation.mode === "shop"} onOpen={setOpenId} />

      <ReviewFiltersBar filters={filters} products={productOptions} onChange={setFilters} />

      {reviews.isPending ? (
        <LoadingScreen />
      ) : reviews.isError ? (
        <LoadError
          error={reviews.error}
          fallback={fr.errors.reviews.loadFailed}
          onRetry={() => void reviews.refetch()}
        />
      ) : visible.length === 0 ? (
        <Flex direction="column" align="center" gap="3" py="9" className="text-center">
          <Heading as="h2" size="4">
            {t.empty.title}
          </Heading>
          <Text color="gray">{t.empty.description}</Text>
          <Button variant="outline" onClick={() => setFilters(resetFilters(filters))}>
            {t.empty.reset}
          </Button>
        </Flex>
      ) : (
        <ul
          className="m-0 grid list-none grid-cols-1 gap-4 p-0 sm:grid-cols-2 xl:grid-cols-3"
          aria-label={t.title}
        >
          {visible.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} onOpen={() => setOpenId(review.id)} />
            </li>
          ))}
        </ul>
      )}

      <ReviewDialog reviews={dialogList} openId={openId} onOpenIdChange={setOpenId} />
    </>
  );
}
