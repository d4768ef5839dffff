import type { Role } from "@certavis/domain";

/** Shapes exchanged with the seed server (test/support/api-global-setup.ts). Dates are ISO strings. */
export interface SeededUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  access: string;
  refresh: string;
}

export interface SeedAccountInput {
  /** `null`: a user without company. Default `owner` of a new company. */
  role?: Role | null;
  /** Join this company instead of creating one (any role). */
  companyId?: string;
  companyName?: string;
  plan?: "LANCEMENT" | "CROISSANCE" | "EXPANSION";
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  emailConfirmed?: boolean;
}

export interface SeededCompany {
  id: string;
  name: string;
  apiKey: string;
  formId?: string;
  requestTemplateId?: string;
  reminderTemplateId?: string;
  thanksTemplateId?: string;
}

export interface SeedAccountResult {
  user: SeededUser;
  company: SeededCompany | null;
}

export interface SeedProductsInput {
  companyId: string;
  products: { name: string; status?: "active" | "draft" | "archived"; sku?: string }[];
}

export interface SeedOrdersInput {
  companyId: string;
  orders: { productId: string; orderDate?: string }[];
}

export interface SeedReviewInput {
  /** The ordered product; a store review (`subject: "store"`) answers that order but has no product. */
  productId: string;
  subject?: "product" | "store";
  rating?: number;
  status?: "pending" | "approved" | "rejected";
  title?: string;
  comment?: string;
  authorFirstName?: string;
  authorLastName?: string;
  createdAt?: string;
  /** Certified reviews (default) answer an order, placed 30 days before the review unless given. */
  certified?: boolean;
  orderDate?: string;
  /** Answered form fields, in form order. */
  answers?: { label: string; type: string; value: unknown }[];
}

export interface SeedReviewsInput {
  companyId: string;
  reviews: SeedReviewInput[];
}

export interface SeedJoinRequestsInput {
  companyId: string;
  count: number;
}
