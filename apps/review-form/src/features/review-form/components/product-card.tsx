import { safeLogoUrl } from "@certavis/domain";
import { formatDate } from "@certavis/i18n-fr/format";
import { fr } from "../../../lib/fr";
import type { PublicForm } from "../api/review-form-types";

interface Props {
  product: PublicForm["product"];
  order?: PublicForm["order"] | undefined;
}

/** The purchased product: image, name, description, and the order it comes from. */
export function ProductCard({ product, order }: Props) {
  const image = safeLogoUrl(product.image);
  const ordered = order ? new Date(order.order_date) : null;
  // In the shops' zone, like the widget's dates.
  const orderDate =
    ordered && !Number.isNaN(ordered.getTime()) ? formatDate(ordered, { timeZone: "Europe/Paris" }) : null;
  return (
    <section className="rf-product" aria-labelledby="rf-product-name">
      {image ? <img className="rf-product-image" src={image} alt="" width={64} height={64} /> : null}
      <div>
        <p className="rf-product-kicker">{fr.publicForm.purchasedProduct}</p>
        <p className="rf-product-name" id="rf-product-name">
          {product.name}
        </p>
        {product.description ? <p className="rf-product-description">{product.description}</p> : null}
        {orderDate ? <p className="rf-product-order">{fr.publicForm.orderOf(orderDate)}</p> : null}
      </div>
    </section>
  );
}
