import { errorMessage } from "@certavis/api-client";
import { averageRating, normalizeReview } from "@certavis/domain";
import { DASH, formatAverage, formatInteger, formatPercent, formatRelativeTime, fr } from "@certavis/i18n-fr";
import { Button, InitialsAvatar, Stars } from "@certavis/ui";
import { Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ErrorCallout } from "../../../components/error-callout";
import { ClockIcon, MailIcon, MessageIcon, StarIcon, TrendIcon } from "../../../components/icons";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { StatusBadge } from "../../../components/review-status-badge";
import { StatCard } from "../../../components/stat-card";
import { useCompany } from "../../../lib/api/get-company";
import { useCheckoutReturn } from "../../../lib/hooks/use-checkout-return";
import { reviewAbout } from "../../../lib/review-about";
import { ReviewDialog } from "../../reviews";
import { ActivityChart } from "../components/activity-chart";
import { AwaitingReplyCard } from "../components/awaiting-reply-card";
import { GetStartedCard } from "../components/get-started-card";

const t = fr.dashboard;
const RECENT_COUNT = 3;

export function DashboardRoute() {
  useCheckoutReturn();
  const company = useCompany();
  const [openId, setOpenId] = useState<string | null>(null);
  const recent = useMemo(
    () => (company.data?.recent_reviews ?? []).slice(0, RECENT_COUNT).map(normalizeReview),
    [company.data],
  );

  if (company.isPending) return <LoadingScreen />;
  if (company.isError || !company.data)
    return (
      <>
        <PageHeader title={t.title} subtitle={t.subtitle} />
        <ErrorCallout mb="3" message={errorMessage(company.error, t.loadFailed)} />
        <Button variant="outline" onClick={() => void company.refetch()}>
          {fr.common.retry}
        </Button>
      </>
    );

  const data = company.data;
  const average = averageRating(data.mean_note);
  const latest = data.recent_reviews[0]?.created_at;

  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <GetStartedCard />
      <Grid columns={{ initial: "1", sm: "2", lg: "5" }} gap="4" mb="5">
        <StatCard label={t.cards.averageRating} value={formatAverage(average)} icon={StarIcon} />
        {data.store_reviews || data.store_rating.count > 0 ? (
          <StatCard
            label={t.cards.storeRating}
            value={formatAverage(averageRating(data.store_rating.average))}
            hint={t.cards.storeReviews(data.store_rating.count)}
            icon={StarIcon}
          />
        ) : null}
        <StatCard
          label={t.cards.totalReviews}
          value={formatInteger(data.total_reviews)}
          hint={
            data.published_reviews !== data.total_reviews
              ? fr.common.publishedOf(data.published_reviews)
              : undefined
          }
          icon={MessageIcon}
        />
        <StatCard label={t.cards.growthRate} value={DASH} icon={TrendIcon} />
        <StatCard
          label={t.cards.lastReview}
          value={latest ? formatRelativeTime(latest) : DASH}
          wordy={Boolean(latest)}
          icon={ClockIcon}
        />
        <StatCard
          label={t.cards.bounceRate}
          value={data.email_bounce_rate === null ? DASH : formatPercent(data.email_bounce_rate * 100)}
          icon={MailIcon}
        />
      </Grid>
      <Grid columns={{ initial: "1", lg: "3" }} gap="4">
        <div className="lg:col-span-2">
          <ActivityChart reviews={data.reviews_last_7_days} orders={data.orders_last_7_days} />
        </div>
        <Card size="3">
          <Flex justify="between" align="center" mb="3">
            <Heading as="h2" size="4">
              {t.recent.title}
            </Heading>
            <Button asChild variant="link" size="sm">
              <Link to="/reviews">{t.recent.seeAll}</Link>
            </Button>
          </Flex>
          {recent.length === 0 ? (
            <Text size="2" color="gray">
              {t.recent.empty}
            </Text>
          ) : (
            <ul className="m-0 flex list-none flex-col gap-2 p-0">
              {recent.map((review) => (
                <li key={review.id}>
                  <button
                    type="button"
                    onClick={() => setOpenId(review.id)}
                    className="flex w-full cursor-pointer items-start gap-3 rounded-lg border border-[var(--gray-5)] bg-transparent p-3 text-left text-[var(--gray-12)] hover:bg-[var(--gray-2)] focus-visible:outline-2 focus-visible:outline-[var(--focus-8)]"
                  >
                    <InitialsAvatar name={review.author.name} size={36} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate font-medium text-sm">{review.author.name}</span>
                        <StatusBadge status={review.status} verified={review.verified} />
                      </span>
                      <Stars rating={review.rating} size={14} />
                      <span className="block truncate text-[var(--gray-11)] text-xs">
                        {reviewAbout(review)} · {formatRelativeTime(review.createdAt)}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </Grid>
      <AwaitingReplyCard />
      <ReviewDialog reviews={recent} openId={openId} onOpenIdChange={setOpenId} />
    </>
  );
}
