export { fieldTypeLabel } from "./field-type-label";
export { limitReductionLabel } from "./limit-reduction-label";
export { moderationLabel } from "./moderation-label";
export { planName } from "./plan-name";
export { productStatusLabel } from "./product-status-label";
export { reviewBadgeLabel } from "./review-badge-label";
export { roleLabel } from "./role-label";
export { subscriptionStatusLabel } from "./subscription-status-label";
