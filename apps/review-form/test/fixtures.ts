import type { FormField, PublicForm } from "../src/features/review-form/api/review-form-types";

export function field(overrides: Partial<FormField> & Pick<FormField, "id" | "type">): FormField {
  return { label: overrides.id, required: false, page: 0, position: 0, ...overrides } as FormField;
}

export function publicForm(schema: FormField[], overrides: Partial<PublicForm> = {}): PublicForm {
  return {
    form: {
      id: "f0000000-0000-4000-8000-000000000001",
      title: "Votre avis sur votre commande",
      description: null,
      schema,
    },
    company: {
      name: "Maison Lumière",
      url: "maison-lumiere.fr",
      logo: "https://cdn.exemple.fr/logo.png",
      contact_email: "bonjour@maison-lumiere.fr",
    },
    product: {
      id: "p0000000-0000-4000-8000-000000000001",
      name: "Lampe Aurore",
      image: null,
      description: "Lampe de chevet",
    },
    order: { reference: "CMD-1", order_date: "2026-11-20T00:00:00.000Z", buyer_first_name: "Léa" },
    ...overrides,
  };
}

/** Three pages: rating + comment, then e-mail + number + choices, then a photo. */
export const threePages: FormField[] = [
  field({ id: "rating", type: "rating", label: "Votre note", required: true, page: 0, position: 0 }),
  field({ id: "comment", type: "textarea", label: "Votre commentaire", page: 0, position: 1 }),
  field({ id: "email", type: "email", label: "Votre e-mail", required: true, page: 1, position: 0 }),
  field({ id: "age", type: "number", label: "Votre âge", min: 18, max: 120, page: 1, position: 1 }),
  field({
    id: "reco",
    type: "checkbox",
    label: "Vous recommanderiez",
    options: ["Oui", "Non"],
    required: true,
    page: 1,
    position: 2,
  }),
  field({
    id: "photo",
    type: "media",
    label: "Une photo",
    page: 2,
    position: 0,
    max_size_mb: 1,
    max_count: 2,
  }),
];
