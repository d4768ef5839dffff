import { formatInteger } from "@certavis/i18n-fr";
import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Button } from "@certavis/ui";
import { Callout, Card, Flex, Grid, Heading, Table, Text } from "@radix-ui/themes";
import { ScrollableTable } from "../../../components/scrollable-table";
import type { OrderImportJob } from "../api/get-order-import";
import { downloadText, reasonOf, refusedLinesCsv } from "../lib/csv-download";

const t = frOrderImport;

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <Text as="p" size="2" color="gray">
        {label}
      </Text>
      <Text as="p" size="6" weight="bold">
        {formatInteger(value)}
      </Text>
    </Card>
  );
}

/** What the import kept: the three counts, why it stopped if it did, and every refused line. */
export function ImportSummary({ job }: { job: OrderImportJob }) {
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="5">
        {job.status === "done" ? t.doneTitle : t.failedTitle}
      </Heading>
      {job.detail ? (
        <Callout.Root color="amber" role="alert">
          <Callout.Text>{job.detail}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Text as="p">
        {t.summary(job.orders_created, job.created - job.lines_added, job.existing, job.refused)}
      </Text>
      {job.orders_completed ? (
        <Text as="p">{t.completedDone(job.orders_completed, job.lines_added)}</Text>
      ) : null}
      {job.new_products.length ? <Text as="p">{t.newProductsDone(job.new_products)}</Text> : null}
      {job.orders_skipped ? <Text as="p">{t.skippedDone(job.orders_skipped)}</Text> : null}
      {job.orders_unmailed ? (
        <Text as="p" color="amber">
          {t.draftOnlyDone(job.orders_unmailed)}
        </Text>
      ) : null}
      <Grid columns={{ initial: "1", sm: "3" }} gap="3">
        <Count label={t.created} value={job.orders_created} />
        <Count label={t.existing} value={job.existing} />
        <Count label={t.refused} value={job.refused} />
      </Grid>
      <Heading as="h3" size="4">
        {t.refusedTitle}
      </Heading>
      {job.errors.length === 0 ? (
        <Text color="gray">{t.noneRefused}</Text>
      ) : (
        <>
          <div>
            <Button
              variant="outline"
              onClick={() => downloadText(t.refusedFilename, refusedLinesCsv(job.errors))}
            >
              {t.downloadRefused}
            </Button>
          </div>
          <ScrollableTable variant="surface" size="1" label={t.refusedTitle}>
            <caption className="sr-only">{t.refusedTitle}</caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t.lineColumn}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t.skuColumn}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t.reasonColumn}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {job.errors.map((error) => (
                <Table.Row key={error.line}>
                  <Table.RowHeaderCell>{error.line}</Table.RowHeaderCell>
                  <Table.Cell>
                    {[error.sku, error.product_name].filter(Boolean).join(" · ") || "—"}
                  </Table.Cell>
                  <Table.Cell>{reasonOf(error.errors)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollableTable>
        </>
      )}
    </Flex>
  );
}
