import { formatDateTime } from "@certavis/i18n-fr";
import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Button } from "@certavis/ui";
import { Card, Flex, Text } from "@radix-ui/themes";
import type { OrderImportJob } from "../api/get-order-import";
import { ImportProblems } from "./import-problems";
import { ImportProgress } from "./import-progress";
import { ImportSummary } from "./import-summary";

const t = frOrderImport;

/**
 * An import, running (its progress) or done (its summary and 'Importer un autre fichier'); `latest`
 * when it is the company's latest import shown on coming back to the page.
 */
export function ImportJobCard({
  job,
  latest,
  followFailed,
  onAnother,
}: {
  job: OrderImportJob;
  latest: { filename: string; created_at: string } | null;
  followFailed: boolean;
  onAnother: () => void;
}) {
  return (
    <Card size="3">
      {latest ? (
        <Text as="p" color="gray" size="2" mb="3">
          {t.latestImport(latest.filename, formatDateTime(latest.created_at))}
        </Text>
      ) : null}
      {job.status === "running" ? <ImportProgress job={job} /> : <ImportSummary job={job} />}
      {followFailed ? <ImportProblems messages={[t.followFailed]} /> : null}
      {job.status !== "running" ? (
        <Flex mt="4">
          <Button onClick={onAnother}>{t.importAnother}</Button>
        </Flex>
      ) : null}
    </Card>
  );
}
