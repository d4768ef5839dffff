import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";
import { normalizeAnswers, normalizeReview } from "./review-normalizer";

describe("initialsOf", () => {
  it.each([
    ["Jean Dupont", "JD"],
    ["jean dupont martin", "JD"],
    ["  marie   curie ", "MC"],
    ["Client", "C"],
    ["élodie", "É"],
    ["", ""],
  ])("%j → %j", (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});

describe("normalizeReview: author", () => {
  it.each([
    [{ author_first_name: "Jean", author_last_name: "Dupont" }, "Jean Dupont", "JD"],
    [{ first_name: "Marie", last_name: "Curie" }, "Marie Curie", "MC"],
    [{ author: { first_name: "Paul", last_name: "Martin" } }, "Paul Martin", "PM"],
    [{ author: { firstName: "Lou" } }, "Lou", "L"],
    [{ author_last_name: "Seul" }, "Seul", "S"],
    [{ author_name: "Anne Claire Moreau" }, "Anne Claire Moreau", "AC"],
    [{ name: "Zoé" }, "Zoé", "Z"],
    [{ author: "luc besson" }, "luc besson", "LB"],
    [{ author: { name: "Nina Simone" } }, "Nina Simone", "NS"],
    [{ author_first_name: "  ", author_name: "" }, "Client", "C"],
    [{}, "Client", "C"],
  ])("%j → %j (%j)", (raw, name, initials) => {
    const review = normalizeReview(raw);
    expect(review.author.name).toBe(name);
    expect(review.author.initials).toBe(initials);
  });

  it("prefers first/last names over the author name", () => {
    expect(normalizeReview({ first_name: "A", last_name: "B", author_name: "X Y" }).author.name).toBe("A B");
  });
});

describe("normalizeReview: scalars and defaults", () => {
  it("applies defaults on an empty input", () => {
    expect(normalizeReview(null)).toEqual({
      id: "",
      backendId: null,
      rating: 0,
      title: null,
      comment: null,
      author: { name: "Client", initials: "C", firstName: null, lastName: null },
      createdAt: null,
      subject: "product",
      productName: "Produit",
      productId: null,
      productImage: null,
      verified: true,
      status: null,
      fields: [],
      rejectionReason: null,
      rejectionNote: null,
      erasedAt: null,
      autoPublishAt: null,
      reply: null,
      checkFlags: null,
      removedAt: null,
      contest: null,
    });
  });

  it("reads the certified-review fields: rejection reason and note, automatic publication, reply", () => {
    expect(
      normalizeReview({
        status: "rejected",
        rejection_reason: "off_topic",
        rejection_note: "Autre produit",
        auto_publish_at: null,
        reply: { body: "Merci", created_at: "2026-11-23T10:00:00.000Z" },
      }),
    ).toMatchObject({
      status: "rejected",
      rejectionReason: "off_topic",
      rejectionNote: "Autre produit",
      autoPublishAt: null,
      reply: { body: "Merci", createdAt: "2026-11-23T10:00:00.000Z" },
    });
    expect(normalizeReview({ status: "withdrawn", erased_at: "2026-11-24T10:00:00.000Z" })).toMatchObject({
      status: "withdrawn",
      erasedAt: "2026-11-24T10:00:00.000Z",
    });
    expect(normalizeReview({ rejection_reason: "too_negative", reply: { body: " " } })).toMatchObject({
      rejectionReason: null,
      reply: null,
    });
  });

  it.each([
    [{ rating: 4 }, 4],
    [{ rating: "3.5" }, 3.5],
    [{ rating: "4,5" }, 4.5],
    [{ note: 2 }, 2],
    [{ rating: "abc" }, 0],
    [{ rating: null }, 0],
    [{}, 0],
  ])("rating of %j = %s", (raw, expected) => {
    expect(normalizeReview(raw).rating).toBe(expected);
  });

  it.each([
    [{}, true],
    [{ verified: false }, false],
    [{ verified: "false" }, false],
    [{ is_verified: 0 }, false],
    [{ verified: "oui" }, true],
    [{ verified: "unknown" }, true],
  ])("verified of %j = %s", (raw, expected) => {
    expect(normalizeReview(raw).verified).toBe(expected);
  });

  it("reads ids, texts, dates and status", () => {
    const review = normalizeReview({
      id: 42,
      title: " Super ",
      comment: "Très bien",
      created_at: "2026-11-20T10:00:00Z",
      status: "Approved",
    });
    expect(review).toMatchObject({
      id: "42",
      backendId: 42,
      title: "Super",
      comment: "Très bien",
      createdAt: "2026-11-20T10:00:00Z",
      status: "approved",
    });
    expect(normalizeReview({ uuid: "u-1", createdAt: "2026-01-01", content: "c" })).toMatchObject({
      id: "u-1",
      createdAt: "2026-01-01",
      comment: "c",
    });
    expect(normalizeReview({ status: "weird" }).status).toBeNull();
  });
});

describe("normalizeReview: product", () => {
  it.each([
    [{ product: { id: "p1", name: "Lampe", image: "/img/l.png" } }, "Lampe", "p1", "/img/l.png"],
    [
      { product: { id: "p2", title: "Table", image_url: "https://x/t.jpg" } },
      "Table",
      "p2",
      "https://x/t.jpg",
    ],
    [{ product: { imageUrl: "/a.webp" }, product_id: "p3" }, "Produit", "p3", "/a.webp"],
    [{ product_id: "p4", product_name: "Chaise", product_image: "/c.png" }, "Chaise", "p4", "/c.png"],
    [{ product: "Tapis" }, "Tapis", null, null],
    [{ product: null }, "Produit", null, null],
  ])("%j → %j", (raw, name, id, image) => {
    const review = normalizeReview(raw);
    expect(review.productName).toBe(name);
    expect(review.productId).toBe(id);
    expect(review.productImage).toBe(image);
  });
});

describe("normalizeAnswers", () => {
  it("reads a list of answer records with aliases", () => {
    expect(
      normalizeAnswers([
        { id: "f1", label: "Note", type: "rating", value: 4 },
        { field_id: "f2", question: "Avis", field_type: "textarea", answer: "Bien" },
        { field: "f3", value: ["A", "B"] },
        "garbage",
      ]),
    ).toEqual([
      { id: "f1", label: "Note", type: "rating", value: 4 },
      { id: "f2", label: "Avis", type: "textarea", value: "Bien" },
      { id: "f3", label: "f3", type: "checkbox", value: ["A", "B"] },
    ]);
  });

  it("reads an object keyed by field id", () => {
    expect(
      normalizeAnswers({
        f1: 5,
        f2: { label: "Recommandez-vous ?", type: "boolean", value: true },
        f3: "Bonjour",
        f4: false,
      }),
    ).toEqual([
      { id: "f1", label: "f1", type: "number", value: 5 },
      { id: "f2", label: "Recommandez-vous ?", type: "boolean", value: true },
      { id: "f3", label: "f3", type: "text", value: "Bonjour" },
      { id: "f4", label: "f4", type: "boolean", value: false },
    ]);
  });

  it("is reached through answers, fields or responses", () => {
    const answers = [{ id: "a", label: "L", type: "text", value: "v" }];
    for (const key of ["answers", "fields", "responses"]) {
      expect(normalizeReview({ [key]: answers }).fields).toEqual(answers);
    }
    expect(normalizeAnswers("nope")).toEqual([]);
  });
});
