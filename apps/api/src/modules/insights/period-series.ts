import { bucketStart, bucketStarts, type InsightsPeriod } from "@certavis/domain";
import type { ResponseOf } from "../../http/operation-types";
import type { PeriodFigures } from "./period-figures";
import { numberOrNull } from "./period-filter";

type Insights = ResponseOf<"companyInsightsGet", 200>;

/**
 * The series per day, week or month and the star distribution of the published reviews (buckets of
 * the reviews page's rating filter, kept in `insight_days`), from the period's days (a year is at most
 * 366 of them), cut into weeks or months here: no date function per row.
 */
export function periodSeries(
  period: InsightsPeriod,
  days: PeriodFigures["days"],
): Pick<Insights, "series" | "distribution"> {
  const series = new Map(
    bucketStarts(period).map((day) => [
      day,
      { start: day, reviews_submitted: 0, reviews_published: 0, ratingSum: 0, requests_sent: 0 },
    ]),
  );
  const distribution: Insights["distribution"] = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const day of days) {
    const entry = series.get(bucketStart(day.day, period.granularity));
    if (entry) {
      entry.reviews_submitted += day.submitted;
      entry.reviews_published += day.published;
      entry.ratingSum += day.ratingSum;
      entry.requests_sent += day.requests;
    }
    distribution[1] += day.stars[0];
    distribution[2] += day.stars[1];
    distribution[3] += day.stars[2];
    distribution[4] += day.stars[3];
    distribution[5] += day.stars[4];
  }
  return {
    series: [...series.values()].map(({ ratingSum, ...entry }) => ({
      ...entry,
      average_rating:
        entry.reviews_published > 0 ? numberOrNull(ratingSum / entry.reviews_published, 2) : null,
    })),
    distribution,
  };
}
