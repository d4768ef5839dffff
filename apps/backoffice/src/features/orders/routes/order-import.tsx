import { ApiError, errorMessage } from "@certavis/api-client";
import { formatDateTime, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Callout, Card, Flex, Heading, Progress, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { type OrderImportJob, useOrderImport } from "../api/get-order-import";
import { latestOrderImportQueryOptions, useLatestOrderImport } from "../api/list-order-imports";
import { useStartOrderImport } from "../api/start-order-import";
import { CsvPreview } from "../components/csv-preview";
import { FileDropZone } from "../components/file-drop-zone";
import { ImportSummary } from "../components/import-summary";
import { downloadText, modelCsv } from "../lib/csv-download";
import { isPreview, type OrdersFilePreview, readOrdersFile } from "../lib/orders-file";

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
    <Callout.Root color="red" role="alert">
      {messages.map((message) => (
        <Callout.Text key={message}>{message}</Callout.Text>
      ))}
    </Callout.Root>
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
  const [preview, setPreview] = useState<OrdersFilePreview | null>(null);
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
      const read = await readOrdersFile(file);
      setPreview(isPreview(read) ? read : null);
      setProblems(read.fileErrors);
    } finally {
      setReading(false);
    }
  };
  const reset = () => {
    setPreview(null);
    setProblems([]);
    setStarted(null);
    setLatestDismissed(true);
    start.reset();
  };
  const launch = () => {
    if (!preview) return;
    start.mutate(
      { bytes: preview.bytes, filename: preview.file.name },
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
                  <CsvPreview preview={preview} />
                  <Flex gap="3" wrap="wrap">
                    <Button
                      onClick={launch}
                      disabled={problems.length > 0 || start.isPending}
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
