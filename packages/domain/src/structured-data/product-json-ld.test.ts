import { describe, expect, it } from "vitest";
import { productJsonLd } from "./product-json-ld";
import { jsonForScript } from "./script-json";

const review = (rating: number, extra: Partial<{ title: string | null; comment: string | null }> = {}) => ({
  rating,
  title: null,
  comment: null,
  author_name: "Léa B.",
  published_at: "2026-11-22T23:30:00.000Z",
  ...extra,
});

describe("schema.org Product JSON-LD", () => {
  it("carries the aggregate (best 5, worst 0) and up to 10 reviews with ISO dates", () => {
    const ld = productJsonLd(
      { name: "Lampe Aurore", mean_note: 4.666, reviews_count: 12, image: "https://cdn.exemple.fr/l.png" },
      Array.from({ length: 12 }, () => review(4, { title: " Superbe ", comment: "" })),
    );
    expect(ld.image).toBe("https://cdn.exemple.fr/l.png");
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.67,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 0,
    });
    expect(ld.review).toHaveLength(10);
    expect(ld.review?.[0]).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Léa B." },
      datePublished: "2026-11-22",
      name: "Superbe",
      reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 0 },
    });
  });

  it("has no aggregateRating and no review without reviews, and no relative image", () => {
    expect(
      productJsonLd({ name: "Nova", mean_note: null, reviews_count: 0, image: "/uploads/n.png" }, []),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Nova",
    });
  });

  it("names the product by sku, gtin, brand and page when known", () => {
    const ld = productJsonLd(
      {
        name: "Lampe",
        mean_note: null,
        reviews_count: 0,
        sku: "LAMP-1",
        gtin: "4006381333931",
        brand: "Lumière",
        url: "https://certavis.exemple/avis/lumiere/produits/1",
      },
      [],
    );
    expect(ld).toMatchObject({
      sku: "LAMP-1",
      gtin: "4006381333931",
      brand: { "@type": "Brand", name: "Lumière" },
      url: "https://certavis.exemple/avis/lumiere/produits/1",
    });
    expect(
      productJsonLd({ name: "X", mean_note: null, reviews_count: 0, url: "javascript:x" }, []),
    ).not.toHaveProperty("url");
  });

  it("keeps ratings within 0–5", () => {
    const ld = productJsonLd({ name: "X", mean_note: 7, reviews_count: 1 }, [review(-1)]);
    expect(ld.aggregateRating?.ratingValue).toBe(5);
    expect(ld.review?.[0]?.reviewRating.ratingValue).toBe(0);
  });
});

describe("JSON for a script element", () => {
  it("escapes what could end the script or open a comment, and keeps the value", () => {
    const value = { text: "</script><!-- & \u2028\u2029 >" };
    const json = jsonForScript(value);
    expect(json).toBe('{"text":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029 \\u003e"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});
