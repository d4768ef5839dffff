import type { Schema } from "@certavis/api-client";
import type { ProductStatus } from "@certavis/domain";
import { formatAverage, formatInteger, fr } from "@certavis/i18n-fr";
import { Card, Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { CardMenu } from "../../../components/card-menu";
import { BoxIcon } from "../../../components/icons";
import { ProductStatusMenu } from "./product-status-menu";

const t = fr.products.card;

export type Product = Schema<"Product">;

export interface ProductCardProps {
  product: Product;
  statusBusy: boolean;
  onStatusChange: (status: ProductStatus) => void;
  onOpenReviews: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  /** False at the plan's product limit: a copy would be refused. */
  canDuplicate?: boolean;
}

/** Request template with its J+n, the product's own delay when the template has none. */
export function requestLine(product: Product): string {
  const template = product.email_request_template;
  if (!template) return t.noTemplate;
  return t.requestTemplate(template.name, template.send_after ?? product.initial_email_delay_days);
}

/** 'Relance: name • J+n', 'Relance activée' (on without a template), else 'Pas de relance'. */
export function reminderLine(product: Product): string {
  if (!product.send_reminder) return t.noReminder;
  const template = product.email_reminder_template;
  if (!template) return t.reminderEnabled;
  return t.reminder(template.name, template.remind_after ?? product.follow_up_delay_days);
}

export function ProductCard({
  product,
  statusBusy,
  onStatusChange,
  onOpenReviews,
  onDuplicate,
  onDelete,
  canDuplicate = true,
}: ProductCardProps) {
  return (
    <Card size="2" className="h-full">
      <Flex direction="column" gap="3" height="100%">
        <Flex gap="3" align="start">
          <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-[var(--gray-3)]">
            {product.image_url ? (
              <img src={product.image_url} alt="" className="size-full object-cover" />
            ) : (
              <BoxIcon aria-hidden="true" className="text-[var(--gray-9)]" />
            )}
          </div>
          <Flex direction="column" gap="1" className="min-w-0 flex-1">
            <Link
              to={`/products/${product.id}`}
              className="truncate font-bold text-[var(--gray-12)] no-underline hover:underline"
            >
              {product.name}
            </Link>
            <div>
              <ProductStatusMenu status={product.status} busy={statusBusy} onChange={onStatusChange} />
            </div>
          </Flex>
          <CardMenu
            label={`${t.menu} ${product.name}`}
            duplicateLabel={t.duplicate}
            deleteLabel={t.delete}
            duplicateDisabled={!canDuplicate}
            onDuplicate={onDuplicate}
            onDelete={onDelete}
          />
        </Flex>

        <dl className="m-0 grid grid-cols-3 gap-2 text-center">
          <div className="rounded-md bg-[var(--gray-2)] p-2">
            <dt className="text-[var(--gray-11)] text-xs">{t.reviews}</dt>
            <dd className="m-0">
              <button
                type="button"
                onClick={onOpenReviews}
                className="cursor-pointer border-0 bg-transparent p-0 font-bold text-[var(--accent-11)] underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-[var(--focus-8)]"
                aria-label={`${fr.products.productReviews.title} ${product.name} (${formatInteger(product.reviews_count)})`}
              >
                {formatInteger(product.reviews_count)}
              </button>
              {product.published_reviews_count !== product.reviews_count ? (
                <span className="block text-[var(--gray-11)] text-xs">
                  {fr.common.publishedOf(product.published_reviews_count)}
                </span>
              ) : null}
            </dd>
          </div>
          <div className="rounded-md bg-[var(--gray-2)] p-2">
            <dt className="text-[var(--gray-11)] text-xs">{t.rating}</dt>
            <dd className="m-0 font-bold">{formatAverage(product.mean_note)}</dd>
          </div>
          <div className="rounded-md bg-[var(--gray-2)] p-2">
            <dt className="text-[var(--gray-11)] text-xs">{t.orders}</dt>
            <dd className="m-0 font-bold">{formatInteger(product.orders)}</dd>
          </div>
        </dl>

        <Flex direction="column" gap="1">
          <Text size="2" data-testid="request-line">
            {requestLine(product)}
          </Text>
          <Text size="2" color="gray" data-testid="reminder-line">
            {reminderLine(product)}
          </Text>
          <Text size="2" color="gray" data-testid="form-line">
            {product.form?.name ?? t.noForm}
          </Text>
        </Flex>
      </Flex>
    </Card>
  );
}
