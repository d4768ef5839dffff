import type { Schema } from "@certavis/api-client";

export type PublicForm = Schema<"PublicForm">;
export type FormField = Schema<"FormField">;
