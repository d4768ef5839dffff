import { formatAverage, formatInteger, formatPercent, fr } from "@certavis/i18n-fr";
import { Grid } from "@radix-ui/themes";
import { StatCard } from "../../../components/stat-card";
import type { CompanyInsights } from "../api/get-insights";

const t = fr.insights;
type Totals = CompanyInsights["totals"];
type Key = keyof Totals;

const KEYS: readonly Key[] = [
  "average_rating",
  "reviews_submitted",
  "reviews_published",
  "response_rate",
  "requests_sent",
  "reminders_sent",
  "reviews_rejected",
  "replies",
  "median_reply_hours",
  "bounce_rate",
];

function format(key: Key, value: number | null): string {
  if (key === "average_rating") return formatAverage(value);
  if (key === "response_rate" || key === "bounce_rate")
    return formatPercent(value === null ? null : value * 100);
  if (key === "median_reply_hours")
    return value === null ? formatAverage(null) : t.hours(formatAverage(value));
  return formatInteger(value);
}

function change(key: Key, value: number | null, before: number | null): string {
  if (value === null || before === null) return t.change.none;
  const delta = value - before;
  if (Math.abs(delta) < 1e-9) return t.change.same;
  const amount = format(key, Math.abs(delta));
  return delta > 0 ? t.change.up(amount) : t.change.down(amount);
}

/** Each total of the period and its change against the period just before (↑/↓). */
export function TotalsCards({ insights }: { insights: CompanyInsights }) {
  return (
    <Grid columns={{ initial: "1", xs: "2", md: "3" }} gap="3" mb="5" asChild>
      <section aria-label={t.title}>
        {/* The bounce rate is known only once e-mails went out (null otherwise): no card without it. */}
        {KEYS.filter((key) => key !== "bounce_rate" || insights.totals.bounce_rate !== null).map((key) => (
          <StatCard
            key={key}
            label={t.totals[key]}
            value={format(key, insights.totals[key])}
            hint={change(key, insights.totals[key], insights.previous[key])}
            wordy={key === "median_reply_hours"}
          />
        ))}
      </section>
    </Grid>
  );
}
