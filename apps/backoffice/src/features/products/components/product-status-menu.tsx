import { normalizeProductStatus, PRODUCT_STATUSES, type ProductStatus } from "@certavis/domain";
import { fr, productStatusLabel } from "@certavis/i18n-fr";
import { Badge, DropdownMenu } from "@radix-ui/themes";

const colors = { active: "green", draft: "amber", archived: "gray" } as const;

export function ProductStatusBadge({ status }: { status: unknown }) {
  const value = normalizeProductStatus(status);
  return (
    <Badge color={colors[value]} variant="soft" radius="full" highContrast>
      {productStatusLabel(value)}
    </Badge>
  );
}

/** The card's status badge as a menu (spec §4: Actif / Brouillon / Archivé, changeable any time). */
export function ProductStatusMenu({
  status,
  busy,
  onChange,
}: {
  status: unknown;
  busy: boolean;
  onChange: (status: ProductStatus) => void;
}) {
  const current = normalizeProductStatus(status);
  return (
    // Not modal: a modal menu hides the page (aria-hidden) while its controls stay focusable (axe
    // aria-hidden-focus); as the account menu, focus still moves into the menu and Escape closes it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger disabled={busy}>
        <button
          type="button"
          aria-label={`${fr.products.card.changeStatus} (${productStatusLabel(current)})`}
          className="cursor-pointer rounded-full border-0 bg-transparent p-0 focus-visible:outline-2 focus-visible:outline-[var(--focus-8)] disabled:cursor-not-allowed"
        >
          <ProductStatusBadge status={current} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        {PRODUCT_STATUSES.map((target) => (
          <DropdownMenu.Item
            key={target}
            disabled={busy || target === current}
            onSelect={() => onChange(target)}
          >
            {productStatusLabel(target)}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
