import { formatAverage, formatInteger, fr } from "@certavis/i18n-fr";
import { Card, Heading } from "@radix-ui/themes";
import type { CompanyInsights } from "../api/get-insights";
import { periodLabel } from "../lib/period-label";
import { ChartData } from "./chart-data";

const t = fr.insights.charts;
const s = fr.insights.store;
const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 16, right: 12, bottom: 28, left: 32 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

type Series = CompanyInsights["series"];

/** Which period starts get a label under the axis: at most about eight, evenly spread. */
function labelled(series: Series): Set<number> {
  const step = Math.max(1, Math.ceil(series.length / 8));
  return new Set(series.map((_, i) => i).filter((i) => i % step === 0));
}

function Axis({
  series,
  granularity,
  x,
}: {
  series: Series;
  granularity: CompanyInsights["granularity"];
  x: (i: number) => number;
}) {
  const shown = labelled(series);
  return (
    <g fontSize="11" fill="currentColor">
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={HEIGHT - PAD.bottom}
        y2={HEIGHT - PAD.bottom}
        stroke="var(--gray-8)"
      />
      {series.map((entry, i) =>
        shown.has(i) ? (
          <text key={entry.start} x={x(i)} y={HEIGHT - 8} textAnchor="middle">
            {periodLabel(entry.start, granularity)}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** The rated entries of a series, as points of the chart. */
const ratedPoints = (series: { average_rating: number | null }[]) =>
  series.flatMap((entry, i) => (entry.average_rating === null ? [] : [{ i, rating: entry.average_rating }]));

/** One line of the rating chart: its path, a marker at each rated period and, when few, the values. */
function RatingLine({
  points,
  x,
  y,
  color,
  dashed,
  labels,
}: {
  points: { i: number; rating: number }[];
  x: (i: number) => number;
  y: (rating: number) => number;
  color: string;
  dashed: boolean;
  labels: boolean;
}) {
  return (
    <>
      <polyline
        fill="none"
        stroke={color}
        strokeWidth="2.5"
        strokeDasharray={dashed ? "6 4" : undefined}
        points={points.map((p) => `${x(p.i)},${y(p.rating)}`).join(" ")}
      />
      {points.map((p) => (
        <g key={p.i}>
          <circle cx={x(p.i)} cy={y(p.rating)} r="4" fill={color} stroke="white" strokeWidth="1.5" />
          {labels ? (
            <text x={x(p.i)} y={y(p.rating) - 9} fontSize="11" textAnchor="middle" fill="currentColor">
              {formatAverage(p.rating)}
            </text>
          ) : null}
        </g>
      ))}
    </>
  );
}

const STORE_COLOR = "var(--amber-9)";

/** The legend of the two lines: the products' average and the shop's own ('Boutique'). */
function RatingLegend() {
  const item = (label: string, color: string, dashed: boolean) => (
    <li className="flex items-center gap-2">
      <svg width="24" height="8" aria-hidden="true">
        <line
          x1="0"
          x2="24"
          y1="4"
          y2="4"
          stroke={color}
          strokeWidth="2.5"
          strokeDasharray={dashed ? "6 4" : undefined}
        />
      </svg>
      {label}
    </li>
  );
  return (
    <ul aria-label={s.legend} className="m-0 mb-2 flex list-none gap-4 p-0 text-[var(--gray-11)] text-sm">
      {item(s.productsLine, "var(--accent-9)", false)}
      {item(s.storeLine, STORE_COLOR, true)}
    </ul>
  );
}

/**
 * The average rating per period: a line with a marker and its value at each rated period; beside it,
 * dashed, the shop's own rating ('Boutique') when store reviews were published in the period.
 */
export function RatingChart({ insights }: { insights: CompanyInsights }) {
  const { series, granularity } = insights;
  const x = (i: number) => PAD.left + (series.length <= 1 ? PLOT_W / 2 : (i * PLOT_W) / (series.length - 1));
  const y = (rating: number) => PAD.top + PLOT_H - (rating / 5) * PLOT_H;
  const points = ratedPoints(series);
  const storeSeries = insights.store && insights.store.rating.count > 0 ? insights.store.series : null;
  const storePoints = storeSeries ? ratedPoints(storeSeries) : [];
  const rated = points.length > 0 || storePoints.length > 0;
  const labels = series.length <= 16;
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {t.ratingTitle}
      </Heading>
      {storeSeries ? <RatingLegend /> : null}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-[var(--gray-11)]"
        role="img"
        aria-label={rated ? t.ratingTitle : t.noRating}
      >
        {[1, 2, 3, 4, 5].map((rating) => (
          <g key={rating}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(rating)}
              y2={y(rating)}
              stroke="var(--gray-5)"
              strokeDasharray="2 4"
            />
            <text x={PAD.left - 8} y={y(rating) + 4} fontSize="11" textAnchor="end" fill="currentColor">
              {rating}
            </text>
          </g>
        ))}
        <Axis series={series} granularity={granularity} x={x} />
        <RatingLine points={points} x={x} y={y} color="var(--accent-9)" dashed={false} labels={labels} />
        {storeSeries ? (
          <RatingLine points={storePoints} x={x} y={y} color={STORE_COLOR} dashed labels={labels} />
        ) : null}
      </svg>
      <ChartData
        caption={t.ratingTitle}
        head={
          storeSeries
            ? [t.periodStart, t.average, t.published, s.chartAverage, s.chartPublished]
            : [t.periodStart, t.average, t.published]
        }
        rows={series.map((entry, i) => {
          const row = [
            periodLabel(entry.start, granularity),
            formatAverage(entry.average_rating),
            formatInteger(entry.reviews_published),
          ];
          const store = storeSeries?.[i];
          return storeSeries
            ? [
                ...row,
                formatAverage(store?.average_rating ?? null),
                formatInteger(store?.reviews_published ?? 0),
              ]
            : row;
        })}
      />
    </Card>
  );
}

/** Reviews received per period: one bar each, its count written above it. */
export function ReviewsChart({ insights }: { insights: CompanyInsights }) {
  const { series, granularity } = insights;
  const max = Math.max(1, ...series.map((entry) => entry.reviews_submitted));
  const slot = PLOT_W / Math.max(1, series.length);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {t.reviewsTitle}
      </Heading>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-[var(--gray-11)]"
        role="img"
        aria-label={t.reviewsTitle}
      >
        <Axis series={series} granularity={granularity} x={x} />
        {series.map((entry, i) => {
          const height = (entry.reviews_submitted / max) * PLOT_H;
          return (
            <g key={entry.start}>
              <rect
                x={x(i) - barWidth / 2}
                y={PAD.top + PLOT_H - height}
                width={barWidth}
                height={height}
                rx="2"
                fill="var(--accent-9)"
              />
              {series.length <= 16 && entry.reviews_submitted > 0 ? (
                <text
                  x={x(i)}
                  y={PAD.top + PLOT_H - height - 4}
                  fontSize="11"
                  textAnchor="middle"
                  fill="currentColor"
                >
                  {formatInteger(entry.reviews_submitted)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ChartData
        caption={t.reviewsTitle}
        head={[t.periodStart, t.reviews, t.requests]}
        rows={series.map((entry) => [
          periodLabel(entry.start, granularity),
          formatInteger(entry.reviews_submitted),
          formatInteger(entry.requests_sent),
        ])}
      />
    </Card>
  );
}
