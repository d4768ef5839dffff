import { fileURLToPath } from "node:url";

export const E2E_DIR = fileURLToPath(new URL("..", import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Where the test SMTP server writes each received mail as JSON (read by the test workers). */
export const MAIL_DIR = fileURLToPath(new URL("../.mail", import.meta.url));
