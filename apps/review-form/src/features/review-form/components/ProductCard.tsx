import { safeLogoUrl } from "@certavis/domain";
import { fr } from "../../../lib/fr";
import type { PublicForm } from "../api/review-form-types";

/** The purchased product: image, name, description. */
export function ProductCard({ product }: { product: PublicForm["product"] }) {
  const image = safeLogoUrl(product.image);
  return (
    <section className="rf-product" aria-labelledby="rf-product-name">
      {image ? <img className="rf-product-image" src={image} alt="" width={64} height={64} /> : null}
      <div>
        <p className="rf-product-kicker">{fr.publicForm.purchasedProduct}</p>
        <p className="rf-product-name" id="rf-product-name">
          {product.name}
        </p>
        {product.description ? <p className="rf-product-description">{product.description}</p> : null}
      </div>
    </section>
  );
}
