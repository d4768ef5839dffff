import { describe, expect, it } from "vitest";
import {
  defaultOrFirst,
  type ProductFormValues,
  productFormSchema,
  productMultipartFields,
  productPayload,
} from "./product";

const values: ProductFormValues = {
  name: "  Lampe Aurore ",
  sku: "",
  gtin: "",
  brand: "",
  url: "",
  status: "draft",
  requestTemplateId: "t-request",
  formId: "f-1",
  followUp: false,
  reminderTemplateId: "t-reminder",
};

describe("product form", () => {
  it("requires a name", () => {
    const result = productFormSchema.safeParse({ ...values, name: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("product.nameRequired");
    expect(productFormSchema.safeParse(values).success).toBe(true);
  });

  it("sends the reminder template only when follow-up is on", () => {
    expect(productPayload(values)).toEqual({
      name: "Lampe Aurore",
      status: "draft",
      sku: null,
      gtin: null,
      brand: null,
      url: null,
      form_id: "f-1",
      email_request_template_id: "t-request",
      send_reminder: false,
    });
    expect(productPayload({ ...values, followUp: true, sku: " LAMP-1 " })).toMatchObject({
      sku: "LAMP-1",
      email_reminder_template_id: "t-reminder",
      send_reminder: true,
    });
  });

  it("checks the GTIN's check digit and the product page's scheme", () => {
    const codes = (extra: Partial<ProductFormValues>) =>
      productFormSchema.safeParse({ ...values, ...extra }).error?.issues.map((issue) => issue.message);
    expect(codes({ gtin: "4006381333932", url: "ftp://exemple.fr/p" })).toEqual([
      "product.gtinInvalid",
      "product.urlInvalid",
    ]);
    expect(codes({ gtin: "4006 3813 33931", url: "https://exemple.fr/p" })).toBeUndefined();
    expect(productPayload({ ...values, gtin: "4006 3813 33931" }).gtin).toBe("4006381333931");
  });

  it("writes multipart parts as text", () => {
    expect(productMultipartFields(productPayload({ ...values, formId: "" }))).toEqual([
      ["name", "Lampe Aurore"],
      ["status", "draft"],
      ["sku", ""],
      ["gtin", ""],
      ["brand", ""],
      ["url", ""],
      ["form_id", ""],
      ["email_request_template_id", "t-request"],
      ["send_reminder", "false"],
    ]);
  });

  it("preselects the default item, else the first", () => {
    expect(defaultOrFirst([{ id: 1 }, { id: 2, is_default: true }])).toEqual({ id: 2, is_default: true });
    expect(defaultOrFirst([{ id: 1, is_default: false }, { id: 2 }])).toEqual({ id: 1, is_default: false });
    expect(defaultOrFirst([])).toBeUndefined();
  });
});
