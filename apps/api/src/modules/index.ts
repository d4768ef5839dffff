import type { FastifyInstance } from "fastify";
import type { OperationHandlers } from "../http/operation-types";
import { authHandlers } from "./auth/handlers";
import { registerAuthPlugin } from "./auth/plugin";
import { billingHandlers } from "./billing/handlers";
import { registerBillingPlugin } from "./billing/plugin";
import { certificationHandlers } from "./certification/handlers";
import { registerCertificationJobs } from "./certification/plugin";
import { companyHandlers } from "./company/handlers";
import { exportHandlers } from "./export/handlers";
import { formHandlers } from "./forms/handlers";
import { getStartedHandlers } from "./get-started/handlers";
import { insightsHandlers } from "./insights/handlers";
import { registerInsightRollups } from "./insights/insights-plugin";
import { integrationHandlers } from "./integrations/handlers";
import { registerIntegrationsPlugin } from "./integrations/plugin";
import { moderationHandlers } from "./moderation/handlers";
import { operatorHandlers } from "./operators/handlers";
import { registerOperatorsPlugin } from "./operators/plugin";
import { orderHandlers } from "./orders/handlers";
import { registerOrderImports } from "./orders/imports-plugin";
import { registerOrderRequestStates } from "./orders/request-states-plugin";
import { pipelineHandlers } from "./pipeline/handlers";
import { registerPipelineWorkers } from "./pipeline/plugin";
import { privacyHandlers } from "./privacy/handlers";
import { registerPrivacyTasks } from "./privacy/plugin";
import { productHandlers } from "./products/handlers";
import { publicApiHandlers } from "./public-api/handlers";
import { registerReviewAlerts } from "./review-alerts/plugin";
import { reviewFormHandlers } from "./review-form/handlers";
import { reviewHandlers } from "./reviews/handlers";
import { seoHandlers } from "./seo/handlers";
import { systemHandlers } from "./system/handlers";
import { teamHandlers } from "./teams/handlers";
import { templateHandlers } from "./templates/handlers";
import { transparencyHandlers } from "./transparency/handlers";
import { registerTransparencyPages } from "./transparency/plugin";
import { userHandlers } from "./users/handlers";
import { webhookHandlers } from "./webhooks/handlers";
import { registerWebhookWorker } from "./webhooks/plugin";

/**
 * THE place where feature handlers are merged. Each feature folder exports from its `handlers.ts` a
 * `Record<operationId, handler>` built with `defineHandlers({...})`; add it to the list below.
 * Operations without a handler answer 501 `{"detail": "Non implémenté."}`.
 */
const moduleHandlers: OperationHandlers[] = [
  systemHandlers,
  // identity, companies, teams, subscription
  billingHandlers,
  authHandlers,
  userHandlers,
  companyHandlers,
  teamHandlers,
  // catalogue, reviews, orders, public pages
  productHandlers,
  templateHandlers,
  formHandlers,
  reviewHandlers,
  moderationHandlers,
  orderHandlers,
  reviewFormHandlers,
  publicApiHandlers,
  seoHandlers,
  privacyHandlers,
  pipelineHandlers,
  exportHandlers,
  integrationHandlers,
  // --- certified reviews ---
  certificationHandlers,
  insightsHandlers,
  getStartedHandlers,
  webhookHandlers,
  operatorHandlers,
  transparencyHandlers,
];

export function allHandlers(): OperationHandlers {
  const merged: Record<string, unknown> = {};
  for (const handlers of moduleHandlers) {
    for (const [operationId, handler] of Object.entries(handlers)) {
      if (operationId in merged) throw new Error(`Two handlers for ${operationId}`);
      merged[operationId] = handler;
    }
  }
  return merged as OperationHandlers;
}

/**
 * Feature plugins that need more than handlers (e.g. the pipeline's job workers: start in `onReady`,
 * stop in `onClose`). Registered after the routes, with `app.ctx` available.
 */
export const modulePlugins: Array<(app: FastifyInstance) => Promise<void>> = [
  registerPipelineWorkers,
  registerBillingPlugin,
  registerAuthPlugin,
  registerOrderImports,
  registerOrderRequestStates,
  registerInsightRollups,
  registerCertificationJobs,
  registerPrivacyTasks,
  registerReviewAlerts,
  registerWebhookWorker,
  registerIntegrationsPlugin,
  registerOperatorsPlugin,
  registerTransparencyPages,
];
