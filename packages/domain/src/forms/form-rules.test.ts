import { describe, expect, it } from "vitest";
import { createField, type FormField } from "./field-types";
import {
  addOption,
  canRemoveOption,
  formFieldSchema,
  formFieldsSchema,
  formSaveSchema,
  hasFormSaveErrors,
  markTitleField,
  minOptions,
  removeOption,
  renameOption,
  sanitizeMaxCount,
  sanitizeMaxSizeMb,
  validateFormForSave,
} from "./form-rules";

const req = { required: true };
const opt = { required: false };

describe("validateFormForSave", () => {
  it.each([
    [{ name: "Avis", title: "Votre avis", fields: [req, opt] }, {}],
    [{ name: "  ", title: "Votre avis", fields: [req, opt] }, { name: "fieldEmpty" }],
    [{ name: "Avis", title: "", fields: [req, opt] }, { title: "fieldEmpty" }],
    [
      { name: null, title: undefined, fields: [req, opt] },
      { name: "fieldEmpty", title: "fieldEmpty" },
    ],
    [{ name: "Avis", title: "T", fields: [req] }, { schema: ["form.minTwoFields"] }],
    [{ name: "Avis", title: "T", fields: [opt, opt] }, { schema: ["form.oneRequired"] }],
    [
      { name: "", title: "", fields: [] },
      {
        name: "fieldEmpty",
        title: "fieldEmpty",
        schema: ["form.minTwoFields", "form.oneRequired"],
      },
    ],
  ])("%j → %j", (input, expected) => {
    const errors = validateFormForSave(input);
    expect(errors).toEqual(expected);
    expect(hasFormSaveErrors(errors)).toBe(Object.keys(expected).length > 0);
  });
});

describe("option rules", () => {
  it.each([
    ["select", 2],
    ["checkbox", 2],
    ["dropdown", 0],
    ["text", 0],
  ])("minOptions(%s) = %s", (type, expected) => {
    expect(minOptions(type)).toBe(expected);
  });

  it.each([
    ["select", ["A", "B"], false],
    ["select", ["A", "B", "C"], true],
    ["checkbox", ["A", "B"], false],
    ["dropdown", ["A"], true],
    ["dropdown", [], false],
  ] as const)("%s with %j can remove: %s", (type, options, expected) => {
    expect(canRemoveOption({ type, options: [...options] })).toBe(expected);
  });

  it("removes options down to the minimum only", () => {
    const select: Pick<FormField, "type" | "options"> = { type: "select", options: ["A", "B", "C"] };
    const two = removeOption(select, 0);
    expect(two.options).toEqual(["B", "C"]);
    expect(removeOption(two, 0)).toBe(two);
    let dropdown: Pick<FormField, "type" | "options"> = { type: "dropdown", options: ["A", "B"] };
    dropdown = removeOption(removeOption(dropdown, 1), 0);
    expect(dropdown.options).toEqual([]);
    expect(removeOption(select, 7)).toBe(select);
  });

  it("adds 'Option n' with a fresh number and renames", () => {
    expect(addOption({ options: ["Option 1", "Option 2"] }).options).toEqual([
      "Option 1",
      "Option 2",
      "Option 3",
    ]);
    expect(addOption({ options: ["Option 3"] }).options).toEqual(["Option 3", "Option 2"]);
    expect(addOption<{ options?: string[] }>({}).options).toEqual(["Option 1"]);
    expect(renameOption({ options: ["A", "B"] }, 1, "Bleu").options).toEqual(["A", "Bleu"]);
  });
});

describe("size and count inputs (minimum 1, invalid → 1)", () => {
  it.each([
    [10, 10, 10],
    ["5", 5, 5],
    [2.5, 2.5, 2],
    [0, 1, 1],
    [-3, 1, 1],
    ["", 1, 1],
    ["abc", 1, 1],
    [null, 1, 1],
    [Number.NaN, 1, 1],
  ])("%j → size %s, count %s", (input, size, count) => {
    expect(sanitizeMaxSizeMb(input)).toBe(size);
    expect(sanitizeMaxCount(input)).toBe(count);
  });

  it.each([
    [50, 50],
    [51, 50],
    [1000, 50],
    ["75", 50],
  ])("size %j is clamped to %s MB (1..50)", (input, size) => {
    expect(sanitizeMaxSizeMb(input)).toBe(size);
  });

  it.each([
    [0.5, false],
    [1, true],
    [50, true],
    [50.5, false],
    [1000, false],
  ])("a stored max_size_mb of %s is valid: %s", (size, ok) => {
    const field = { id: "f", type: "file", label: "Fichier", required: false, page: 0, position: 0 };
    const parsed = formFieldSchema.safeParse({ ...field, max_size_mb: size });
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe("form.maxSizeMb");
  });
});

describe("formFieldSchema / formFieldsSchema", () => {
  const text = { id: "a", type: "text", label: "Nom", required: true, page: 0, position: 0 };

  it("accepts created fields of every type", () => {
    const fields = (
      [
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
      ] as const
    ).map((type, i) => createField(type, 0, i));
    expect(formFieldsSchema.safeParse(fields).success).toBe(true);
  });

  it.each([
    [{ ...text, type: "video" }, "type"],
    [{ ...text, id: "" }, "id"],
    [{ ...text, type: "select", options: ["A", 2] }, "options"],
    [{ ...text, type: "select", options: ["A"] }, "options"],
    [{ ...text, type: "checkbox" }, "options"],
    [{ ...text, page: -1 }, "page"],
    [{ ...text, rating_max: 0 }, "rating_max"],
    [{ ...text, max_size_mb: 0.5 }, "max_size_mb"],
    [{ ...text, max_count: 0 }, "max_count"],
  ])("rejects %j on %s", (field, path) => {
    const result = formFieldSchema.safeParse(field);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(path);
  });

  it("uses French messages for type and options", () => {
    expect(formFieldSchema.safeParse({ ...text, type: "video" }).error?.issues[0]?.message).toBe(
      "form.unknownType",
    );
    expect(
      formFieldSchema.safeParse({ ...text, type: "select", options: ["A"] }).error?.issues[0]?.message,
    ).toBe("form.tooFewOptions");
  });

  it("accepts a dropdown without options and fills defaults", () => {
    const parsed = formFieldSchema.parse({ id: "d", type: "dropdown", label: "L" });
    expect(parsed).toMatchObject({ required: false, page: 0, position: 0 });
  });

  it("rejects duplicate ids", () => {
    const result = formFieldsSchema.safeParse([text, { ...text, position: 1 }]);
    expect(result.error?.issues[0]).toMatchObject({
      path: [1, "id"],
      message: "form.duplicateId",
      params: { id: "a" },
    });
  });

  it("marks one title field at a time", () => {
    const fields = [
      { id: "a", review_title: true },
      { id: "b", review_title: null },
    ];
    expect(markTitleField(fields, "b", true).map((f) => f.review_title)).toEqual([false, true]);
    expect(markTitleField(fields, "a", false).map((f) => f.review_title)).toEqual([false, null]);
  });

  it("rejects a non-list", () => {
    expect(formFieldsSchema.safeParse({}).error?.issues[0]?.message).toBe("form.notAList");
  });

  it("lets one text field be the review's title", () => {
    expect(formFieldsSchema.safeParse([{ ...text, review_title: true }]).success).toBe(true);
    expect(
      formFieldSchema.safeParse({ ...text, type: "textarea", review_title: true }).error?.issues[0],
    ).toMatchObject({ path: ["review_title"], message: "form.titleFieldType" });
    const two = [
      { ...text, review_title: true },
      { ...text, id: "b", position: 1, review_title: true },
    ];
    expect(formFieldsSchema.safeParse(two).error?.issues[0]?.message).toBe("form.oneTitleField");
  });
});

describe("formSaveSchema", () => {
  const a = { id: "a", type: "text", label: "A", required: true, page: 0, position: 0 };
  const b = { id: "b", type: "rating", label: "B", required: false, page: 0, position: 1 };

  it("accepts a valid form", () => {
    expect(formSaveSchema.safeParse({ name: "N", title: "T", schema: [a, b] }).success).toBe(true);
  });

  it("reports name, title and schema rules with the editor's messages", () => {
    const result = formSaveSchema.safeParse({ name: " ", title: "", schema: [{ ...a, required: false }] });
    const messages = result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages).toEqual([
      ["name", "fieldEmpty"],
      ["title", "fieldEmpty"],
      ["schema", "form.minTwoFields"],
      ["schema", "form.oneRequired"],
    ]);
    const schemaOnly = formSaveSchema.safeParse({
      name: "N",
      title: "T",
      schema: [{ ...a, required: false }],
    });
    expect(schemaOnly.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["schema", "form.minTwoFields"],
      ["schema", "form.oneRequired"],
    ]);
  });
});
