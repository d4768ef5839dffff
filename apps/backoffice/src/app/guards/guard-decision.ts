import type { User } from "../../lib/api/get-me";

export type GuardKind = "app" | "verify-email" | "company-setup";

export type GuardDecision = { type: "loading" } | { type: "render" } | { type: "redirect"; to: string };

export interface GuardInput {
  hasToken: boolean;
  meStatus: "pending" | "error" | "success";
  me: User | undefined;
}

/**
 * Spec §2 route guards. `app`: signed in, e-mail confirmed and a company. `verify-email`: signed in and
 * not yet confirmed. `company-setup`: signed in, confirmed, without a company.
 */
export function guardDecision(kind: GuardKind, input: GuardInput): GuardDecision {
  if (!input.hasToken) return { type: "redirect", to: "/login" };
  if (input.meStatus === "pending") return { type: "loading" };
  if (input.meStatus === "error" || !input.me) return { type: "redirect", to: "/login" };
  const { me } = input;
  if (kind === "verify-email") return me.email_confirmed ? { type: "redirect", to: "/" } : { type: "render" };
  if (!me.email_confirmed) return { type: "redirect", to: "/verify-email" };
  if (kind === "company-setup") return me.company ? { type: "redirect", to: "/" } : { type: "render" };
  return me.company ? { type: "render" } : { type: "redirect", to: "/company-setup" };
}
