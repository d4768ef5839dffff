export * from "./clock";
export { releaseEmailQuota, reserveEmailQuota } from "./email-quota";
export * from "./mail-worker";
export { purgeStoredMails } from "./purge-stored-mails";
export { renderEmail } from "./render-email";
export * from "./schedule";
