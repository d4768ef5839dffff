import { type OrderCsvMapping, previewOrdersCsv } from "@certavis/domain";
import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Button } from "@certavis/ui";
import { Card, Checkbox, Flex, Heading, Text } from "@radix-ui/themes";
import { useMemo } from "react";
import { useProducts } from "../../../lib/api/get-products";
import type { OrdersFilePreview } from "../lib/orders-file";
import { ColumnMapping } from "./column-mapping";
import { CsvPreview } from "./csv-preview";
import { DueAtOnce } from "./due-at-once";
import { ImportOutlook } from "./import-outlook";

const t = frOrderImport;

/** The file as read: its columns (to map when unknown), its first lines, what it will send, 'Importer'. */
export function OrdersFileCard({
  preview,
  mapping,
  onMappingChange,
  skipOldOrders,
  onSkipOldOrdersChange,
  starting,
  onStart,
  onChangeFile,
}: {
  preview: OrdersFilePreview;
  mapping: OrderCsvMapping;
  onMappingChange: (mapping: OrderCsvMapping) => void;
  skipOldOrders: boolean;
  onSkipOldOrdersChange: (skip: boolean) => void;
  starting: boolean;
  onStart: () => void;
  onChangeFile: () => void;
}) {
  const products = useProducts();
  // Orders and products counted apart, with the products the import creates (domain rule).
  const outlook = useMemo(
    () =>
      preview.fileErrors.length || !products.data
        ? null
        : previewOrdersCsv(preview.columns, preview.records, products.data),
    [preview, products.data],
  );
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {t.previewTitle(preview.file.name)}
        </Heading>
        <Text as="p" color="gray" size="2">
          {t.previewSummary(preview.rows, preview.separator, frOrderImport.encodings[preview.encoding])}
        </Text>
        <ColumnMapping
          columns={preview.unmapped}
          headers={preview.headers}
          mapping={mapping}
          onChange={onMappingChange}
        />
        <CsvPreview preview={preview} />
        {outlook ? <ImportOutlook outlook={outlook} /> : null}
        <DueAtOnce preview={preview} skipOldOrders={skipOldOrders} />
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={skipOldOrders}
              onCheckedChange={(checked) => onSkipOldOrdersChange(checked === true)}
            />
            {t.skipOldOrders}
          </Flex>
        </Text>
        <Text as="p" color="gray" size="1">
          {t.skipOldOrdersHelp}
        </Text>
        <Flex gap="3" wrap="wrap">
          <Button onClick={onStart} disabled={preview.fileErrors.length > 0 || starting} loading={starting}>
            {t.start(outlook?.orders ?? preview.rows)}
          </Button>
          <Button variant="outline" onClick={onChangeFile}>
            {t.changeFile}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
