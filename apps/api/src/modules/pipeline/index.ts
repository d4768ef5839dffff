export * from "./clock";
export { releaseEmailQuota, reserveEmailQuota } from "./email-quota";
export * from "./mail-worker";
export { renderEmail } from "./render-email";
export * from "./schedule";
