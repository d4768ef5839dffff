import type { OrdersCsvPreview } from "@certavis/domain";
import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Flex, Text } from "@radix-ui/themes";

const t = frOrderImport;

/**
 * What the import will do, before anything is saved: orders and products counted apart, the products
 * it creates, the cancelled or refunded orders it leaves out and the orders no e-mail will reach.
 */
export function ImportOutlook({ outlook }: { outlook: OrdersCsvPreview }) {
  return (
    <Flex direction="column" gap="1" aria-live="polite">
      <Text as="p" size="2" weight="medium">
        {t.previewCounts(outlook.orders, outlook.products)}
      </Text>
      {outlook.newProducts.length ? (
        <Text as="p" size="2">
          {t.newProductsPreview(outlook.newProducts)}
        </Text>
      ) : null}
      {outlook.skipped ? (
        <Text as="p" size="2">
          {t.skippedPreview(outlook.skipped)}
        </Text>
      ) : null}
      {outlook.draftOnly ? (
        <Text as="p" size="2" color="amber">
          {t.draftOnlyPreview(outlook.draftOnly)}
        </Text>
      ) : null}
    </Flex>
  );
}
