import type { Action } from "@certavis/domain";
import type { OperationId } from "./operation-types";

/**
 * Who may call each operation: the route loader enforces it before the handler runs (deny by default:
 * an operation of the contract without an entry here makes buildApp throw).
 * - public: nobody signed in;
 * - user: a valid access JWT (company optional; handlers check the rest); with `companyAction`, a
 *   caller who HAS a company also needs `can(role, companyAction)` (403 otherwise);
 * - company: a valid access JWT, a company (403 'Vous n'appartenez à aucune entreprise.'), and
 *   `can(role, action)` from @certavis/domain (403 otherwise);
 * - apiKey: a valid, unexpired company API key in `X-Api-Key`;
 * - operator: a valid access JWT of a Certavis operator whose second factor is enrolled (a user outside
 *   any company, listed in `operators`; 403 'Réservé aux opérateurs Certavis.' for anyone else).
 * With `confirmedEmail`, a caller whose e-mail address is not confirmed gets a 403: nothing that makes
 * us send e-mail (a company and its API key, join requests, invitations, test e-mails) is open to an
 * address nobody proved to own.
 */
export type Access =
  | { kind: "public" }
  | { kind: "user"; companyAction?: Action; confirmedEmail?: true }
  | { kind: "company"; action: Action; confirmedEmail?: true }
  | { kind: "apiKey" }
  | { kind: "operator" };

const publicAccess: Access = { kind: "public" };
const userAccess: Access = { kind: "user" };
const company = (action: Action): Access => ({ kind: "company", action });
const operatorAccess: Access = { kind: "operator" };
const confirmedUser: Access = { kind: "user", confirmedEmail: true };
const confirmedCompany = (action: Action): Access => ({ kind: "company", action, confirmedEmail: true });

export const OPERATION_ACCESS: Record<OperationId, Access> = {
  healthGet: publicAccess,
  // identity
  authLogin: publicAccess,
  authLoginSecondFactor: publicAccess,
  authRegister: publicAccess,
  authRefresh: publicAccess,
  authLogout: publicAccess,
  authVerifyEmail: userAccess,
  authResendEmailCode: userAccess,
  authResetPassword: publicAccess,
  authResetPasswordConfirm: publicAccess,
  authChangeEmailConfirm: publicAccess,
  usersMeGet: userAccess,
  usersMeUpdate: userAccess,
  usersMeDelete: userAccess,
  // companies and teams
  companyGet: company("company.view"),
  companyCreate: confirmedUser,
  companyUpdate: company("company.edit"),
  companyDelete: company("company.delete"),
  companyModerationUpdate: company("moderation.change"),
  companyApiKeyRegenerate: company("apiKey.regenerate"),
  companiesSearch: userAccess,
  companyMembersList: company("members.list"),
  companyMembersUpdate: company("members.changeRole"),
  // any member may remove themself; removing someone else needs members.remove (checked by the handler)
  companyMembersDelete: company("company.view"),
  // without a company: the caller's own requests; with one: that company's (requests.review)
  companyRequestsList: { kind: "user", companyAction: "requests.review" },
  companyRequestsCreate: confirmedUser,
  companyRequestsDelete: userAccess,
  companyRequestsAccept: company("requests.review"),
  companyRequestsDecline: company("requests.review"),
  companyInvitesList: userAccess,
  companyInvitesCreate: confirmedCompany("members.invite"),
  companyInvitesDelete: company("invites.cancel"),
  companyInvitesAccept: userAccess,
  companyInvitesDecline: userAccess,
  // subscription
  companySubscriptionGet: company("company.view"),
  companySubscriptionCheckout: company("subscription.manage"),
  companySubscriptionCancel: company("subscription.manage"),
  companySubscriptionScheduleChange: company("subscription.manage"),
  companySubscriptionCancelChange: company("subscription.manage"),
  companyInvoicesList: company("invoices.view"),
  billingStripeWebhook: publicAccess,
  billingSandboxPage: publicAccess,
  billingSandboxComplete: publicAccess,
  billingSandboxCancel: publicAccess,
  // privacy
  publicUnsubscribePage: publicAccess,
  publicUnsubscribe: publicAccess,
  mailBouncesReceive: publicAccess,
  companySuppressionsList: company("personalData.view"),
  companySuppressionsDelete: company("personalData.view"),
  companyPrivacyErasuresCreate: company("personalData.erase"),
  companyExport: company("data.export"),
  companyExportLink: company("data.export"),
  companyExportDownload: publicAccess,
  // outgoing webhooks (ARCHITECTURE §10.14)
  companyWebhooksList: company("webhooks.manage"),
  companyWebhooksCreate: company("webhooks.manage"),
  companyWebhooksGet: company("webhooks.manage"),
  companyWebhooksUpdate: company("webhooks.manage"),
  companyWebhooksDelete: company("webhooks.manage"),
  companyWebhooksSecret: company("webhooks.secret"),
  companyWebhooksTest: company("webhooks.manage"),
  companyWebhookDeliveriesList: company("webhooks.manage"),
  companyWebhookDeliveriesResend: company("webhooks.manage"),
  companyInvoicePdf: company("invoices.view"),
  // catalog
  companyProductsList: company("catalog.view"),
  companyProductsCreate: company("catalog.manage"),
  companyProductsGet: company("catalog.view"),
  companyProductsUpdate: company("catalog.manage"),
  companyProductsDelete: company("catalog.manage"),
  companyProductsDuplicate: company("catalog.manage"),
  companyProductsHeldRequestsGet: company("catalog.manage"),
  companyProductsHeldRequestsSend: company("catalog.manage"),
  companyProductsReviewsList: company("reviews.view"),
  companyEmailTemplatesList: company("catalog.view"),
  companyEmailTemplatesCreate: company("catalog.manage"),
  companyEmailTemplatesGet: company("catalog.view"),
  companyEmailTemplatesUpdate: company("catalog.manage"),
  companyEmailTemplatesDelete: company("catalog.manage"),
  companyEmailTemplatesDuplicate: company("catalog.manage"),
  companyEmailTemplatesSendTest: confirmedCompany("catalog.manage"),
  companyFormsList: company("catalog.view"),
  companyFormsCreate: company("catalog.manage"),
  companyFormsGet: company("catalog.view"),
  companyFormsUpdate: company("catalog.manage"),
  companyFormsDelete: company("catalog.manage"),
  companyFormsDuplicate: company("catalog.manage"),
  // reviews, orders, public
  companyReviewsList: company("reviews.view"),
  companyReviewsUpdate: company("reviews.moderate"),
  ordersCreate: { kind: "apiKey" },
  companyOrdersList: company("catalog.view"),
  companyOrdersGet: company("catalog.view"),
  companyOrdersSendNow: company("orders.send"),
  companyOrdersResend: company("orders.send"),
  companyOrdersImport: company("catalog.manage"),
  companyOrderImportsCreate: company("catalog.manage"),
  companyOrderImportsList: company("catalog.manage"),
  companyOrderImportsGet: company("catalog.manage"),
  reviewFormGet: publicAccess,
  reviewSubmit: publicAccess,
  storeReviewFormGet: publicAccess,
  storeReviewSubmit: publicAccess,
  reviewFormPreview: publicAccess,
  publicReviewsGet: publicAccess,
  // certified reviews: replies and reports by whoever may moderate
  companyReviewsReplyPut: company("reviews.moderate"),
  companyReviewsReplyDelete: company("reviews.moderate"),
  companyReviewsReport: company("reviews.moderate"),
  companyReviewsContest: company("reviews.moderate"),
  companyReportsList: company("reviews.view"),
  companyReviewsHistory: company("reviews.view"),
  companyReviewsAuditCsv: company("personalData.view"),
  companyReviewsAwaitingReply: company("reviews.view"),
  reviewWithdrawalGet: publicAccess,
  reviewWithdrawalConfirm: publicAccess,
  publicProcedureGet: publicAccess,
  publicReviewReport: publicAccess,
  publicModerationRulesGet: publicAccess,
  publicAppealGet: publicAccess,
  publicAppealCreate: publicAccess,
  publicReviewsJsonLd: publicAccess,
  companyInsightsGet: company("company.view"),
  // the dashboard's guided start: every member sees it; hiding it for the company is an edit of it
  companyGetStartedGet: company("company.view"),
  companyGetStartedHide: company("company.edit"),
  publicRatingsGet: publicAccess,
  publicBadgeGet: publicAccess,
  publicGoogleReviewsFeedGet: publicAccess,
  publicGoogleMerchantReviewsFeedGet: publicAccess,
  // where the shop stands with Google: every member sees it, like the dashboard
  companyGoogleStatusGet: company("company.view"),
  // connections of the shop (ARCHITECTURE §10.14); the webhook is checked by its signature
  companyIntegrationsList: company("integrations.manage"),
  companyIntegrationsCreate: company("integrations.manage"),
  companyIntegrationsUpdate: company("integrations.manage"),
  companyIntegrationsDelete: company("integrations.manage"),
  companyIntegrationsSecret: company("integrations.secret"),
  companyIntegrationsEvents: company("integrations.manage"),
  companyIntegrationsSync: company("integrations.manage"),
  integrationsWebhook: publicAccess,
  // the operators' console (ARCHITECTURE §10.19)
  operatorQueuesGet: operatorAccess,
  operatorQueueList: operatorAccess,
  operatorCaseGet: operatorAccess,
  operatorReviewDecide: operatorAccess,
  // transparency figures (ARCHITECTURE §10.20)
  publicTransparencyGet: publicAccess,
  publicCompanyTransparencyGet: publicAccess,
};

/** Per-IP rate limit (RATE_LIMIT_PER_IP per minute) applies to these. */
export const SENSITIVE_OPERATIONS: ReadonlySet<string> = new Set<OperationId>([
  "authLogin",
  "authLoginSecondFactor",
  "authRegister",
  "authRefresh",
  "authVerifyEmail",
  "authResendEmailCode",
  "authResetPassword",
  "authResetPasswordConfirm",
  "authChangeEmailConfirm",
  "reviewFormGet",
  "reviewSubmit",
  "storeReviewFormGet",
  "storeReviewSubmit",
  "reviewWithdrawalGet",
  "reviewWithdrawalConfirm",
  // Public but costly: a feed past its kept size is streamed from the database on each request.
  "publicGoogleReviewsFeedGet",
  "publicGoogleMerchantReviewsFeedGet",
]);
