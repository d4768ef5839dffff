import type { FormField } from "@certavis/domain";
import type { forms } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";

type FormRow = typeof forms.$inferSelect;

/**
 * Stored fields as the contract's `FormField`. `rating_max` and `rating_type` have defaults in
 * openapi/ (an absent value means the default), which the generated type shows as always present:
 * the stored field is sent as saved.
 */
export function wireFields(schema: unknown): SchemaOf<"FormField">[] {
  return (schema ?? []) as FormField[] as SchemaOf<"FormField">[];
}

export function toFormView(row: FormRow): SchemaOf<"Form"> {
  const schema = wireFields(row.schema);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description || null,
    status: (["active", "draft", "archived"].includes(row.status) ? row.status : "active") as
      | "active"
      | "draft"
      | "archived",
    schema,
    fields_count: schema.length,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
