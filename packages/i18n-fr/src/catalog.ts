import { auth } from "./messages/auth";
import { certification } from "./messages/certification";
import { common } from "./messages/common";
import { companySetup } from "./messages/company-setup";
import { dashboard } from "./messages/dashboard";
import { editor } from "./messages/editor";
import { errors } from "./messages/errors";
import { forms } from "./messages/forms";
import { getStarted } from "./messages/get-started";
import { insights } from "./messages/insights";
import { plans } from "./messages/plans";
import { products } from "./messages/products";
import { publicForm } from "./messages/public-form";
import { reviews } from "./messages/reviews";
import { roles } from "./messages/roles";
import { settings } from "./messages/settings";
import { shell } from "./messages/shell";
import { statuses } from "./messages/statuses";
import { templates } from "./messages/templates";
import { validation } from "./messages/validation";
import { webhooks } from "./messages/webhooks";
import { widget } from "./messages/widget";

/**
 * The French catalogue of the apps: `fr.reviews.title`; a missing key is a type error. The server's own
 * texts (`fr.server`: e-mails, default templates, HTTP answers) ship only from `@certavis/i18n-fr/server`.
 * A group only one lazy screen reads is imported by that screen (`@certavis/i18n-fr/messages/legal`,
 * `…/integrations`, `…/orders`, `…/operators`, `…/moderation`, `…/order-import`, `…/iframe`), so that every route, /login first, does not load it (bench/bundle-report.mjs).
 */
export const fr = {
  common,
  editor,
  auth,
  companySetup,
  shell,
  dashboard,
  getStarted,
  reviews,
  insights,
  certification,
  products,
  templates,
  forms,
  widget,
  publicForm,
  settings,
  errors,
  validation,
  statuses,
  roles,
  plans,
  webhooks,
} as const;

export type Messages = typeof fr;
export type MessageGroup = keyof Messages;
