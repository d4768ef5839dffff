import { defineHandlers } from "../../http/operation-types";

/** Subscription, invoices, Stripe webhook and the local sandbox checkout (issue 3 §5). */
export const billingHandlers = defineHandlers({});
