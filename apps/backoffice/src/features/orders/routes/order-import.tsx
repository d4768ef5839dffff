import { ApiError, errorMessage } from "@certavis/api-client";
import { countRequestsDueAtOnce, type OrderCsvMapping, requestDelayDays } from "@certavis/domain";
import { formatDateTime, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Callout, Card, Checkbox, Flex, Heading, Progress, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { useProducts } from "../../../lib/api/get-products";
import { type OrderImportJob, useOrderImport } from "../api/get-order-import";
import { latestOrderImportQueryOptions, useLatestOrderImport } from "../api/list-order-imports";
import { useStartOrderImport } from "../api/start-order-import";
import { ColumnMapping } from "../components/column-mapping";
import { CsvPreview } from "../components/csv-preview";
import { FileDropZone } from "../components/file-drop-zone";
import { ImportSummary } from "../components/import-summary";
import { downloadText, modelCsv } from "../lib/csv-download";
import { isPreview, type OrdersFilePreview, readOrdersFile, withMapping } from "../lib/orders-file";

const t = fr.orderImport;

/** The server's reasons for refusing the file (every message on `file`), else its detail. */
function startErrors(error: unknown): string[] {
  if (error instanceof ApiError && error.body && typeof error.body === "object") {
    const file = (error.body as { file?: unknown }).file;
    if (Array.isArray(file) && file.length) return file.map(String);
  }
  return [errorMessage(error, t.startFailed)];
}

function Problems({ messages }: { messages: readonly string[] }) {
  return (
    <Callout.Root color="red" role="alert" highContrast>
      {messages.map((message) => (
        <Callout.Text key={message}>{message}</Callout.Text>
      ))}
    </Callout.Root>
  );
}

/**
 * 'N e-mails de demande partiront dès l'import': orders dated longer ago than their products' delay
 * (domain rule), from the company's products (a line of an unknown or draft product sends nothing).
 */
function DueAtOnce({ preview, skipOldOrders }: { preview: OrdersFilePreview; skipOldOrders: boolean }) {
  const products = useProducts();
  const count = useMemo(() => {
    if (!products.data || preview.fileErrors.length) return null;
    const list = products.data;
    const delayOf = (order: { sku?: string; product_id?: string }) => {
      const product = list.find((p) => (order.product_id ? p.id === order.product_id : p.sku === order.sku));
      if (!product || product.status === "draft") return null;
      const template = product.email_request_template;
      return requestDelayDays(template ? { sendAfter: template.send_after } : null, {
        initialEmailDelayDays: product.initial_email_delay_days,
      });
    };
    return countRequestsDueAtOnce(preview.columns, preview.records, delayOf, new Date(), skipOldOrders, list);
  }, [products.data, preview, skipOldOrders]);
  if (count === null) return null;
  return (
    <Text as="p" size="2" aria-live="polite">
      {t.dueAtOnce(count)}
    </Text>
  );
}

function ImportProgress({ job }: { job: OrderImportJob }) {
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

/**
 * /orders/import: choose or drop a CSV, see it read, import it with the server's progress, then the
 * summary. Coming back to the page shows the company's running or latest import (the server keeps
 * it), with its refused lines, until another file is chosen.
 */
export function OrderImportRoute() {
  const [read, setRead] = useState<OrdersFilePreview | null>(null);
  const [mapping, setMapping] = useState<OrderCsvMapping>({});
  const [skipOldOrders, setSkipOldOrders] = useState(false);
  const preview = useMemo(
    () => (read && Object.keys(mapping).length ? withMapping(read, mapping) : read),
    [read, mapping],
  );
  const [problems, setProblems] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  const [started, setStarted] = useState<OrderImportJob | null>(null);
  const [latestDismissed, setLatestDismissed] = useState(false);
  const queryClient = useQueryClient();
  const start = useStartOrderImport();
  const latest = useLatestOrderImport();
  const shownLatest = started || latestDismissed ? null : (latest.data ?? null);
  const followed = useOrderImport(started?.id ?? shownLatest?.id ?? null, started ?? undefined);
  const job = followed.data ?? started;

  const choose = async (file: File) => {
    setReading(true);
    setStarted(null);
    start.reset();
    try {
      const result = await readOrdersFile(file);
      setRead(isPreview(result) ? result : null);
      setMapping({});
      setProblems(isPreview(result) ? [] : result.fileErrors);
    } finally {
      setReading(false);
    }
  };
  const reset = () => {
    setRead(null);
    setMapping({});
    setProblems([]);
    setStarted(null);
    setLatestDismissed(true);
    start.reset();
  };
  const launch = () => {
    if (!preview) return;
    start.mutate(
      { bytes: preview.bytes, filename: preview.file.name, mapping, skipOldOrders },
      {
        onSuccess: (created) => {
          setStarted(created);
          queryClient.setQueryData(latestOrderImportQueryOptions().queryKey, created);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Flex gap="3" wrap="wrap">
            <Button variant="outline" onClick={() => downloadText(t.modelFilename, modelCsv())}>
              {t.downloadModel}
            </Button>
            <Button variant="ghost" asChild>
              <Link to="/products">{t.backToProducts}</Link>
            </Button>
          </Flex>
        }
      />
      <Flex direction="column" gap="4">
        <Text as="p" color="gray" size="2">
          {t.help}
        </Text>
        <Text as="p" color="gray" size="2">
          {t.helpItems}
        </Text>
        {(latest.isPending && !started) || (shownLatest && followed.isPending) ? (
          <Text color="gray">{fr.common.loading}</Text>
        ) : job ? (
          <Card size="3">
            {shownLatest ? (
              <Text as="p" color="gray" size="2" mb="3">
                {t.latestImport(shownLatest.filename, formatDateTime(shownLatest.created_at))}
              </Text>
            ) : null}
            {job.status === "running" ? <ImportProgress job={job} /> : <ImportSummary job={job} />}
            {followed.isError ? <Problems messages={[t.followFailed]} /> : null}
            {job.status !== "running" ? (
              <Flex mt="4">
                <Button onClick={reset}>{t.importAnother}</Button>
              </Flex>
            ) : null}
          </Card>
        ) : (
          <>
            <FileDropZone onFile={choose} disabled={reading || start.isPending} />
            {reading ? <Text color="gray">{t.reading}</Text> : null}
            {problems.length ? <Problems messages={problems} /> : null}
            {preview?.fileErrors.length ? <Problems messages={preview.fileErrors} /> : null}
            {start.isError ? <Problems messages={startErrors(start.error)} /> : null}
            {preview ? (
              <Card size="3">
                <Flex direction="column" gap="3">
                  <Heading as="h2" size="4">
                    {t.previewTitle(preview.file.name)}
                  </Heading>
                  <Text as="p" color="gray" size="2">
                    {t.previewSummary(
                      preview.rows,
                      preview.separator,
                      fr.orderImport.encodings[preview.encoding],
                    )}
                  </Text>
                  {preview.unmapped.length ? (
                    <ColumnMapping
                      columns={preview.unmapped}
                      headers={preview.headers}
                      mapping={mapping}
                      onChange={setMapping}
                    />
                  ) : null}
                  <CsvPreview preview={preview} />
                  <DueAtOnce preview={preview} skipOldOrders={skipOldOrders} />
                  <Text as="label" size="2">
                    <Flex gap="2" align="center">
                      <Checkbox
                        checked={skipOldOrders}
                        onCheckedChange={(checked) => setSkipOldOrders(checked === true)}
                      />
                      {t.skipOldOrders}
                    </Flex>
                  </Text>
                  <Text as="p" color="gray" size="1">
                    {t.skipOldOrdersHelp}
                  </Text>
                  <Flex gap="3" wrap="wrap">
                    <Button
                      onClick={launch}
                      disabled={preview.fileErrors.length > 0 || start.isPending}
                      loading={start.isPending}
                    >
                      {t.start(preview.rows)}
                    </Button>
                    <Button variant="outline" onClick={reset}>
                      {t.changeFile}
                    </Button>
                  </Flex>
                </Flex>
              </Card>
            ) : null}
          </>
        )}
      </Flex>
    </>
  );
}
