import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Flex, Progress, Text } from "@radix-ui/themes";
import type { OrderImportJob } from "../api/get-order-import";

const t = frOrderImport;

/** A running import: how many lines are done, as text and as a bar. */
export function ImportProgress({ job }: { job: OrderImportJob }) {
  return (
    <Flex direction="column" gap="2">
      <Text as="p" aria-live="polite">
        {t.progress(job.processed, job.total)}
      </Text>
      <Progress
        value={job.total ? (job.processed / job.total) * 100 : 0}
        max={100}
        aria-label={t.progressLabel}
      />
    </Flex>
  );
}
