import { describe, expect, it } from "vitest";
import { message } from "../messages";
import {
  cleanAnswers,
  expectsEmail,
  firstPageWithError,
  validateAnswer,
  validateAnswers,
  validatePage,
} from "./answer-validation";
import type { FormField } from "./field-types";

const field = (over: Partial<FormField> & Pick<FormField, "type">): FormField => ({
  id: "x",
  label: "Question",
  required: false,
  page: 0,
  position: 0,
  ...over,
});

describe("validateAnswer", () => {
  it.each([
    // required
    [field({ type: "text", required: true }), "", message("required")],
    [field({ type: "text", required: true }), "   ", message("required")],
    [field({ type: "textarea", required: true }), undefined, message("required")],
    [field({ type: "number", required: true }), null, message("required")],
    [field({ type: "rating", required: true }), 0, message("required")],
    [field({ type: "rating", required: true, rating_type: "slider" }), 0, null],
    [field({ type: "select", required: true, options: ["A", "B"] }), "", message("required")],
    [
      field({ type: "checkbox", required: true, options: ["A", "B"] }),
      [],
      message("answer.checkboxRequired"),
    ],
    [
      field({ type: "checkbox", required: true, options: ["A", "B"] }),
      undefined,
      message("answer.checkboxRequired"),
    ],
    [field({ type: "file", required: true }), [], message("required")],
    [field({ type: "text" }), "", null],
    [field({ type: "checkbox", options: ["A", "B"] }), [], null],
    // numbers
    [field({ type: "number", min: 1, max: 10 }), 0, message("answer.numberBetween", { min: 1, max: 10 })],
    [field({ type: "number", min: 1, max: 10 }), 11, message("answer.numberBetween", { min: 1, max: 10 })],
    [field({ type: "number", min: 1, max: 10 }), "5", null],
    [field({ type: "number", min: 1, max: 10 }), 10, null],
    [field({ type: "number", min: 3 }), 2, message("answer.numberMin", { min: 3 })],
    [field({ type: "number", min: 3, max: null }), 3, null],
    [field({ type: "number", max: 2.5 }), 3, message("answer.numberMax", { max: 2.5 })],
    [field({ type: "number" }), "abc", message("answer.notANumber")],
    [field({ type: "number" }), -1e9, null],
    // e-mail by type or label
    [field({ type: "email" }), "marie@exemple.fr", null],
    [field({ type: "email" }), "marie@exemple", message("email")],
    [field({ type: "text", label: "Votre email" }), "pas un mail", message("email")],
    [field({ type: "text", label: "Adresse E-mail" }), "x@y", message("email")],
    [field({ type: "text", label: "Courriel" }), "a b@c.fr", message("email")],
    [field({ type: "text", label: "Votre courriel" }), "a@b.fr", null],
    [field({ type: "text", label: "Prénom" }), "pas un mail", null],
    // text lengths
    [field({ type: "text", min_length: 3 }), "ab", message("answer.minLength", { n: 3 })],
    [field({ type: "text", min_length: 1 }), " ", null],
    [field({ type: "textarea", max_length: 5 }), "abcdef", message("answer.maxLength", { n: 5 })],
    [field({ type: "textarea", max_length: 1 }), "ab", message("answer.maxLength", { n: 1 })],
    [field({ type: "textarea", min_length: 2, max_length: 5 }), "abc", null],
    [field({ type: "text" }), 42, message("answer.notText")],
    // ratings
    // Whole stars by default; half steps only when the field asks for them (a note is always whole).
    [field({ type: "rating" }), 4.5, message("answer.wholeRating")],
    [field({ type: "rating", rating_half_steps: true }), 4.5, null],
    [
      field({ type: "rating", rating_type: "note", rating_half_steps: true }),
      4.5,
      message("answer.wholeRating"),
    ],
    [field({ type: "rating", rating_type: "slider" }), 4.3, null],
    [field({ type: "rating" }), 5, null],
    [field({ type: "rating" }), 6, message("answer.valueBetween", { min: 0, max: 5 })],
    [field({ type: "rating" }), -1, message("answer.valueBetween", { min: 0, max: 5 })],
    [field({ type: "rating", rating_max: 10 }), 8, null],
    [field({ type: "rating" }), "beaucoup", message("answer.valueBetween", { min: 0, max: 5 })],
    // choices
    [field({ type: "select", options: ["A", "B"] }), "A", null],
    [field({ type: "select", options: ["A", "B"] }), "C", message("answer.invalidOption")],
    [field({ type: "dropdown", options: ["A"] }), "A", null],
    [field({ type: "dropdown", options: [] }), "A", message("answer.invalidOption")],
    [field({ type: "checkbox", options: ["A", "B"] }), ["A", "B"], null],
    [field({ type: "checkbox", options: ["A", "B"] }), "B", null],
    [field({ type: "checkbox", options: ["A", "B"] }), ["A", "Z"], message("answer.invalidOption")],
    // uploads
    [
      field({ type: "file", max_count: 1 }),
      [{ name: "a" }, { name: "b" }],
      message("answer.tooManyFiles", { n: 1 }),
    ],
    [field({ type: "file", max_count: 3 }), [{}, {}], null],
    [
      field({ type: "file", max_size_mb: 10 }),
      [{ size: 11 * 1024 * 1024 }],
      message("answer.fileTooLarge", { mb: 10 }),
    ],
    [
      field({ type: "media", allow_images: true, allow_videos: false }),
      [{ content_type: "image/png" }],
      null,
    ],
    [
      field({ type: "media", allow_images: true, allow_videos: false }),
      [{ content_type: "video/mp4" }],
      message("answer.fileTypeNotAllowed"),
    ],
    [field({ type: "media", allow_videos: true }), [{ type: "video/mp4" }], null],
  ])("%# %j with %j → %j", (f, value, expected) => {
    expect(validateAnswer(f, value)).toEqual(expected);
  });
});

describe("expectsEmail", () => {
  it.each([
    ["email", "Quoi", true],
    ["text", "Email", true],
    ["text", "Votre e-mail", true],
    ["textarea", "COURRIEL", true],
    ["select", "Email", false],
    ["text", "Nom", false],
  ] as const)("%s labelled %s → %s", (type, label, expected) => {
    expect(expectsEmail({ type, label })).toBe(expected);
  });
});

describe("validateAnswers / validatePage / firstPageWithError", () => {
  const fields: FormField[] = [
    field({ id: "name", type: "text", required: true, page: 0 }),
    field({ id: "age", type: "number", min: 18, page: 0, position: 1 }),
    field({ id: "note", type: "rating", required: true, page: 1 }),
    field({ id: "tags", type: "checkbox", required: true, options: ["A", "B"], page: 2 }),
  ];

  it("returns the first message per field id", () => {
    expect(validateAnswers(fields, { age: 12 })).toEqual({
      name: message("required"),
      age: message("answer.numberMin", { min: 18 }),
      note: message("required"),
      tags: message("answer.checkboxRequired"),
    });
  });

  it("is empty for valid answers", () => {
    expect(validateAnswers(fields, { name: "Léa", note: 4, tags: ["A"] })).toEqual({});
  });

  it("reports unknown ids under non_field_errors", () => {
    expect(validateAnswers(fields, { name: "Léa", note: 4, tags: ["A"], ghost: 1 })).toEqual({
      non_field_errors: message("answer.unknownFields", { ids: ["ghost"] }),
    });
    expect(validateAnswers(fields, { name: "Léa", note: 4, tags: ["A"], g1: 1, g2: 2 })).toEqual({
      non_field_errors: message("answer.unknownFields", { ids: ["g1", "g2"] }),
    });
    expect(
      validateAnswers(fields, { name: "Léa", note: 4, tags: ["A"], g1: 1 }, { ignoreUnknown: true }),
    ).toEqual({});
  });

  it("validates one page at a time without the unknown check", () => {
    expect(validatePage(fields, { ghost: 1 }, 1)).toEqual({ note: message("required") });
    expect(validatePage(fields, { name: "Léa" }, 0)).toEqual({});
    expect(validateAnswers(fields, {}, { pages: [0, 2] })).toEqual({
      name: message("required"),
      tags: message("answer.checkboxRequired"),
    });
  });

  it.each([
    [{ tags: "x" }, 2],
    [{ note: "x", tags: "x" }, 1],
    [{ name: "x", tags: "x" }, 0],
    [{}, null],
    [{ non_field_errors: "x" }, null],
  ])("firstPageWithError(%j) = %j", (errors, expected) => {
    expect(firstPageWithError(fields, errors)).toBe(expected);
  });
});

describe("cleanAnswers", () => {
  const fields: FormField[] = [
    field({ id: "t", type: "text" }),
    field({ id: "n", type: "number" }),
    field({ id: "r", type: "rating" }),
    field({ id: "s", type: "rating", rating_type: "slider" }),
    field({ id: "c", type: "checkbox", options: ["A", "B"] }),
    field({ id: "o", type: "text" }),
  ];

  it.each([
    [
      { t: " Bonjour ", n: "12", r: 4.256, c: "A" },
      { t: "Bonjour", n: 12, r: 4.26, c: ["A"] },
    ],
    [{ t: "", n: "", r: null, c: [], o: "   " }, {}],
    [{ n: "douze" }, { n: null }],
    [
      { n: 0, s: 0, r: 0 },
      { n: 0, s: 0 },
    ],
    [
      { r: "3.333", c: ["A", "B"] },
      { r: 3.33, c: ["A", "B"] },
    ],
    [{ ghost: "x", t: "ok" }, { t: "ok" }],
  ])("%j → %j", (answers, expected) => {
    expect(cleanAnswers(fields, answers)).toEqual(expected);
  });
});
