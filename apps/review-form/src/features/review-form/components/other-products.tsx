import { fr } from "../../../lib/fr";
import type { PublicForm } from "../api/review-form-types";

/** The order's other products still to review, each a link to its own form (its own review key). */
export function OtherProducts({ products }: { products: NonNullable<PublicForm["other_products"]> }) {
  if (products.length === 0) return null;
  return (
    <section className="rf-others" aria-labelledby="rf-others-heading">
      <h2 className="rf-store-heading" id="rf-others-heading">
        {fr.publicForm.otherProducts.heading}
      </h2>
      <ul>
        {products.map((product) => (
          <li key={product.api_key}>
            <a href={`?api_key=${encodeURIComponent(product.api_key)}`}>
              {fr.publicForm.otherProducts.link(product.name)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
