import { isProductLimitReached } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { useMemo, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { PlanLimitCallout } from "../../../components/plan-limit-callout";
import { useCompany } from "../../../lib/api/get-company";
import { useProducts } from "../../../lib/api/get-products";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useDeleteProduct } from "../api/delete-product";
import { useDuplicateProduct } from "../api/duplicate-product";
import { useUpdateProductStatus } from "../api/update-product-status";
import { ArchiveInsteadDialog } from "../components/archive-instead-dialog";
import { type Product, ProductCard } from "../components/product-card";
import { ProductFiltersBar } from "../components/product-filters";
import { ProductReviewsDialog } from "../components/product-reviews-dialog";
import { ProductStatTiles } from "../components/product-stat-tiles";
import { ProductsEmpty } from "../components/products-empty";
import { ProductsHeaderActions } from "../components/products-header-actions";
import { filterProducts, NO_PRODUCT_FILTERS, type ProductFilters } from "../lib/filter-products";
import { toastProductError } from "../lib/product-error-toast";

const t = fr.products;
const errors = fr.errors.products;

export function ProductsRoute() {
  const products = useProducts();
  const company = useCompany();
  const [filters, setFilters] = useState<ProductFilters>(NO_PRODUCT_FILTERS);
  const [reviewsOf, setReviewsOf] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [toArchive, setToArchive] = useState<Product | null>(null);
  const status = useUpdateProductStatus();
  const duplicate = useDuplicateProduct();
  const remove = useDeleteProduct();

  const all = products.data ?? [];
  const visible = useMemo(() => filterProducts(products.data ?? [], filters), [products.data, filters]);
  const maxProducts = company.data?.subscription_limits.max_products;
  const limitReached = isProductLimitReached(all.length, maxProducts);

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={<ProductsHeaderActions limitReached={limitReached} />}
      />

      {limitReached && typeof maxProducts === "number" ? (
        <PlanLimitCallout
          title={t.limitBanner.title}
          text={t.limitBanner.description(maxProducts)}
          linkLabel={t.limitBanner.upgrade}
        />
      ) : null}

      <ProductStatTiles
        products={all}
        meanNote={company.data?.mean_note}
        loading={products.isPending}
        companyLoading={company.isPending}
      />

      <ProductFiltersBar filters={filters} onChange={setFilters} />

      {products.isPending ? (
        <LoadingScreen />
      ) : products.isError ? (
        <LoadError
          error={products.error}
          fallback={errors.loadFailed}
          onRetry={() => void products.refetch()}
        />
      ) : visible.length === 0 ? (
        <ProductsEmpty noProducts={all.length === 0} canCreate={!limitReached} />
      ) : (
        <ul
          className="m-0 grid list-none grid-cols-1 gap-4 p-0 md:grid-cols-2 xl:grid-cols-3"
          aria-label={t.title}
        >
          {visible.map((product) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                statusBusy={status.isPending && status.variables?.id === product.id}
                onStatusChange={(next) =>
                  status.mutate(
                    { id: product.id, status: next },
                    { onError: (error) => toastError(error, errors.updateFailed) },
                  )
                }
                onOpenReviews={() => setReviewsOf(product.id)}
                onDuplicate={() =>
                  duplicate.mutate(product.id, {
                    onSuccess: () => toast({ title: t.toasts.duplicated, variant: "success" }),
                    onError: (error) => toastProductError(error, errors.duplicateFailed),
                  })
                }
                onDelete={() => (product.reviews_count > 0 ? setToArchive(product) : setToDelete(product))}
                canDuplicate={!limitReached}
              />
            </li>
          ))}
        </ul>
      )}

      <ProductReviewsDialog productId={reviewsOf} onClose={() => setReviewsOf(null)} />
      <ArchiveInsteadDialog
        product={toArchive}
        busy={status.isPending}
        onClose={() => setToArchive(null)}
        onArchive={(product) =>
          status.mutate(
            { id: product.id, status: "archived" },
            {
              onSuccess: () => toast({ title: t.toasts.archived, variant: "success" }),
              onError: (error) => toastError(error, errors.updateFailed),
              onSettled: () => setToArchive(null),
            },
          )
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={t.deleteDialog.title}
        description={t.deleteDialog.description(toDelete?.name ?? "")}
        confirmLabel={t.deleteDialog.confirm}
        busy={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => toast({ title: t.toasts.deleted, variant: "success" }),
            onError: (error) => toastError(error, errors.deleteFailed),
            onSettled: () => setToDelete(null),
          });
        }}
      />
    </>
  );
}
