import { formatDate, fr } from "@certavis/i18n-fr";
import { moderation as frModeration } from "@certavis/i18n-fr/messages/moderation";
import { Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { useShopReports } from "../api/get-shop-reports";

const m = frModeration;

/**
 * Shop mode: what visitors reported on the company's published reviews ('Signaler', DSA art. 16),
 * each opening its review. Nothing shows while there is none.
 */
export function ShopReports({ enabled, onOpen }: { enabled: boolean; onOpen: (reviewId: string) => void }) {
  const reports = useShopReports(enabled);
  const results = reports.data?.results ?? [];
  if (!enabled || results.length === 0) return null;
  return (
    <Card mb="5" asChild>
      <section aria-labelledby="shop-reports-title">
        <Heading as="h2" size="3" id="shop-reports-title" mb="2">
          {m.shopReports.title}
        </Heading>
        <ul className="m-0 flex list-none flex-col gap-2 p-0">
          {results.map((report) => (
            <li key={report.id}>
              <Flex direction="column" gap="1">
                <Text size="2" weight="medium">
                  {`${m.report.reasons[report.reason]} · ${formatDate(report.created_at)}`}
                </Text>
                <Text size="2">{report.explanation}</Text>
                <Link asChild size="2">
                  <button type="button" className="self-start" onClick={() => onOpen(report.review_id)}>
                    {fr.reviews.detail.title}
                  </button>
                </Link>
              </Flex>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
