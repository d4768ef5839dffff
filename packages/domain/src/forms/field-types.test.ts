import { describe, expect, it } from "vitest";
import {
  createField,
  FIELD_TYPES,
  type FieldType,
  type FormField,
  newFieldId,
  ratingMaxOf,
  titleFieldOf,
} from "./field-types";

describe("field types", () => {
  it("lists the spec's types", () => {
    expect(FIELD_TYPES).toEqual([
      "text",
      "number",
      "email",
      "textarea",
      "rating",
      "select",
      "dropdown",
      "checkbox",
      "file",
      "media",
    ]);
  });

  it.each([
    ["rating", { rating_max: 5, rating_type: "star" }],
    ["select", { options: ["Option 1", "Option 2"] }],
    ["checkbox", { options: ["Option 1", "Option 2"] }],
    ["dropdown", { options: ["Option 1", "Option 2"] }],
    ["file", { max_size_mb: 10, max_count: 1, multiple: false }],
    ["media", { max_size_mb: 10, max_count: 1, allow_images: true, allow_videos: false }],
  ] as const)("createField(%s) has defaults %j", (type, defaults) => {
    const field = createField(type, 2, 4);
    expect(field).toMatchObject({ type, page: 2, position: 4, required: false, ...defaults });
    expect(field.id).toMatch(/^f_/);
  });

  it.each(["text", "number", "email", "textarea"] as FieldType[])(
    "createField(%s) has no options and no label (the caller gives the French one)",
    (type) => {
      const field = createField(type, 0, 0);
      expect(field.options).toBeUndefined();
      expect(field.label).toBe("");
    },
  );

  it("new choice fields do not share their options array", () => {
    const a = createField("select", 0, 0);
    const b = createField("select", 0, 1);
    a.options?.push("x");
    expect(b.options).toEqual(["Option 1", "Option 2"]);
  });

  it("applies overrides and generates distinct ids", () => {
    expect(createField("text", 0, 0, { id: "mine", label: "Votre avis" })).toMatchObject({
      id: "mine",
      label: "Votre avis",
    });
    const ids = new Set(Array.from({ length: 200 }, () => newFieldId()));
    expect(ids.size).toBe(200);
  });

  it.each([
    [{ rating_max: 10 }, 10],
    [{ rating_max: null }, 5],
    [{}, 5],
    [{ rating_max: 0 }, 5],
  ])("ratingMaxOf(%j) = %s", (field, expected) => {
    expect(ratingMaxOf(field)).toBe(expected);
  });
});

describe("titleFieldOf", () => {
  const field = (id: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({
    id,
    type,
    label: id,
    required: false,
    page: 0,
    position: 0,
    ...extra,
  });

  it("takes the text field marked as the title, before one named so", () => {
    const fields = [field("title", "text"), field("headline", "text", { review_title: true })];
    expect(titleFieldOf(fields)?.id).toBe("headline");
  });

  it("falls back on a field named 'title' or 'titre' (forms saved before the mark)", () => {
    expect(titleFieldOf([field("a", "textarea"), field("b", "text", { name: "Titre" })])?.id).toBe("b");
    expect(titleFieldOf([field("a", "text")])).toBeUndefined();
  });
});
