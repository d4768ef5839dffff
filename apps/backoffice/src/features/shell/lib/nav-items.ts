import { fr } from "@certavis/i18n-fr";
import type { ComponentType, SVGProps } from "react";
import {
  BoxIcon,
  CodeIcon,
  FormIcon,
  HomeIcon,
  MailIcon,
  ReceiptIcon,
  StarIcon,
} from "../../../components/icons";

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export const navItems: NavItem[] = [
  { label: fr.shell.nav.dashboard, to: "/", icon: HomeIcon },
  { label: fr.shell.nav.reviews, to: "/reviews", icon: StarIcon },
  { label: fr.shell.nav.products, to: "/products", icon: BoxIcon },
  // ARCHITECTURE §10.21: Commandes after Produits; the specification's six entries keep their order.
  { label: fr.shell.nav.orders, to: "/orders", icon: ReceiptIcon },
  { label: fr.shell.nav.templates, to: "/email-templates", icon: MailIcon },
  { label: fr.shell.nav.forms, to: "/forms", icon: FormIcon },
  { label: fr.shell.nav.iframe, to: "/iframe", icon: CodeIcon },
];

/** An entry is active when the path starts with its URL; the root entry only on exact match. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to === "/") return pathname === "/";
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** First and last name, else e-mail, else 'Compte'. */
export function displayName(
  user: { first_name?: string; last_name?: string; email?: string } | undefined,
): string {
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ").trim();
  return name || user?.email || fr.shell.account;
}
