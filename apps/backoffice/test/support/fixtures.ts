import type { Schema } from "@certavis/api-client";

export const userFixture = (overrides: Partial<Schema<"User">> = {}): Schema<"User"> => ({
  id: "00000000-0000-4000-8000-000000000001",
  first_name: "Camille",
  last_name: "Martin",
  email: "camille@exemple.fr",
  role: "owner",
  company: "00000000-0000-4000-8000-0000000000c1",
  email_confirmed: true,
  joined_at: "2026-01-01T00:00:00Z",
  company_invite: null,
  company_request: null,
  pending_email: null,
  ...overrides,
});

let counter = 0;
export const reviewFixture = (overrides: Partial<Schema<"Review">> = {}): Schema<"Review"> => {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
  return {
    id,
    rating: 5,
    title: null,
    comment: `Commentaire ${counter}`,
    status: "pending",
    verified: true,
    author_first_name: "Jean",
    author_last_name: `Client${counter}`,
    author_name: `Jean Client${counter}`,
    created_at: "2026-11-20T10:00:00Z",
    order_date: null,
    product: { id: "00000000-0000-4000-8000-0000000000a1", name: "Savon", image: null },
    answers: [{ id: "f1", label: "Qualité", type: "rating", value: 4 }],
    ...overrides,
  };
};

const week = (values: number[]) => ({
  monday: values[0] ?? 0,
  tuesday: values[1] ?? 0,
  wednesday: values[2] ?? 0,
  thursday: values[3] ?? 0,
  friday: values[4] ?? 0,
  saturday: values[5] ?? 0,
  sunday: values[6] ?? 0,
  total: values.reduce((a, b) => a + b, 0),
});

export const companyFixture = (overrides: Partial<Schema<"Company">> = {}): Schema<"Company"> => ({
  id: "00000000-0000-4000-8000-0000000000c1",
  name: "Savonnerie Martin",
  website: null,
  logo: null,
  api_key: null,
  api_key_expires_at: null,
  created_by: "00000000-0000-4000-8000-000000000001",
  mean_note: 4.25,
  total_reviews: 12,
  recent_reviews: [],
  reviews_last_7_days: week([1, 2, 0, 3, 0, 1, 0]),
  orders_last_7_days: week([4, 2, 5, 3, 1, 0, 2]),
  email_quota_used: 0,
  email_quota_limit: 40,
  email_quota_period_start: "2026-11-01T00:00:00Z",
  subscription_limits: {
    max_products: 3,
    max_members: 1,
    max_emails_per_month: 40,
    max_templates: 0,
    max_forms: 0,
    uploads: false,
    iframe_scope: "basic",
  },
  subscription: { type: "LANCEMENT", status: "active" },
  members_count: 1,
  ...overrides,
});
