import type { OrderCsvMapping } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Button } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { type OrderImportJob, useOrderImport } from "../api/get-order-import";
import { latestOrderImportQueryOptions, useLatestOrderImport } from "../api/list-order-imports";
import { useStartOrderImport } from "../api/start-order-import";
import { FileDropZone } from "../components/file-drop-zone";
import { ImportJobCard } from "../components/import-job-card";
import { ImportProblems } from "../components/import-problems";
import { OrdersFileCard } from "../components/orders-file-card";
import { downloadText, modelCsv } from "../lib/csv-download";
import { isPreview, type OrdersFilePreview, readOrdersFile, withMapping } from "../lib/orders-file";
import { startErrors } from "../lib/start-errors";

const t = frOrderImport;

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
              <Link to="/orders">{t.backToOrders}</Link>
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
          <ImportJobCard job={job} latest={shownLatest} followFailed={followed.isError} onAnother={reset} />
        ) : (
          <>
            <FileDropZone onFile={choose} disabled={reading || start.isPending} />
            {reading ? <Text color="gray">{t.reading}</Text> : null}
            {problems.length ? <ImportProblems messages={problems} /> : null}
            {preview?.fileErrors.length ? <ImportProblems messages={preview.fileErrors} /> : null}
            {start.isError ? <ImportProblems messages={startErrors(start.error)} /> : null}
            {preview ? (
              <OrdersFileCard
                preview={preview}
                mapping={mapping}
                onMappingChange={setMapping}
                skipOldOrders={skipOldOrders}
                onSkipOldOrdersChange={setSkipOldOrders}
                starting={start.isPending}
                onStart={launch}
                onChangeFile={reset}
              />
            ) : null}
          </>
        )}
      </Flex>
    </>
  );
}
