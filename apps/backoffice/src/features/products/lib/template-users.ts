import type { Schema } from "@certavis/api-client";

type Product = Pick<Schema<"Product">, "id" | "email_request_template" | "email_reminder_template">;

/**
 * How many products a template's delay applies to once the product being edited uses it (issue 27.3):
 * the other products whose request (or reminder) template it is, and this one.
 */
export function templateUsers(
  products: readonly Product[],
  templateId: string,
  field: "request" | "reminder",
  editedProductId: string | null,
): number {
  const others = products.filter((p) => {
    if (p.id === editedProductId) return false;
    const template = field === "request" ? p.email_request_template : p.email_reminder_template;
    return template?.id === templateId;
  });
  return others.length + 1;
}
