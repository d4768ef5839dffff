import { csvText } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import type { CompanyInsights } from "../api/get-insights";

const t = fr.insights;

export function seriesCsv(insights: CompanyInsights): string {
  return csvText([
    [t.charts.periodStart, t.charts.reviews, t.charts.published, t.charts.average, t.charts.requests],
    ...insights.series.map((entry) => [
      entry.start,
      entry.reviews_submitted,
      entry.reviews_published,
      entry.average_rating,
      entry.requests_sent,
    ]),
  ]);
}

export function productsCsv(insights: CompanyInsights): string {
  return csvText([
    [t.products.name, t.products.reviews, t.products.average, t.products.responseRate],
    ...insights.products.map((product) => [
      product.name,
      product.reviews,
      product.average_rating,
      product.response_rate,
    ]),
  ]);
}

/** Saves `text` as a file through a temporary link. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
