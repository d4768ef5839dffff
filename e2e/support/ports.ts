// Fixed local ports of the e2e run (loopback only).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** A second origin, for pages that embed the widget from "another site". */
export const E2E_HOST_PAGE_PORT = Number(process.env.E2E_HOST_PAGE_PORT ?? 3200);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
