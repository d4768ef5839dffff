import { countRequestsDueAtOnce, requestDelayDays } from "@certavis/domain";
import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Text } from "@radix-ui/themes";
import { useMemo } from "react";
import { useProducts } from "../../../lib/api/get-products";
import type { OrdersFilePreview } from "../lib/orders-file";

const t = frOrderImport;

/**
 * 'N e-mails de demande partiront dès l'import': orders dated longer ago than their products' delay
 * (domain rule), from the company's products (a line of an unknown or draft product sends nothing).
 */
export function DueAtOnce({
  preview,
  skipOldOrders,
}: {
  preview: OrdersFilePreview;
  skipOldOrders: boolean;
}) {
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
