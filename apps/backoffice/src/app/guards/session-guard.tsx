import { isNoCompanyError } from "@certavis/api-client";
import { useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { useCompany } from "../../lib/api/get-company";
import { useMe } from "../../lib/api/get-me";
import { hasSession } from "../../lib/session";
import { type GuardDecision, type GuardKind, guardDecision } from "./guard-decision";

/**
 * Route guard (spec §2). The decision for /verify-email and /company-setup is taken once, on entry:
 * those screens then change the user (confirm, create a company) and lead on themselves.
 */
export function SessionGuard({ kind }: { kind: GuardKind }) {
  const location = useLocation();
  const token = hasSession();
  const me = useMe(token);
  const decided = useRef<GuardDecision | null>(null);
  const live = guardDecision(kind, { hasToken: token, meStatus: me.status, me: me.data });
  const decision = kind === "app" ? live : (decided.current ?? live);
  if (kind !== "app" && decided.current === null && live.type !== "loading") decided.current = live;

  const company = useCompany(kind === "app" && decision.type === "render");

  if (decision.type === "loading") return <LoadingScreen />;
  if (decision.type === "redirect")
    return (
      <Navigate to={decision.to} replace state={decision.to === "/login" ? { from: location } : undefined} />
    );
  if (kind === "app" && isNoCompanyError(company.error)) return <Navigate to="/company-setup" replace />;
  return <Outlet />;
}

/** /login and /register: a user who arrives signed in goes to /. Registration signs in on step 1 and stays. */
export function GuestGuard() {
  const signedInOnEntry = useRef(hasSession());
  if (signedInOnEntry.current) return <Navigate to="/" replace />;
  return <Outlet />;
}
