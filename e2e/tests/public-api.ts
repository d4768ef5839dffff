import { createServer, type Server } from "node:http";
import { type APIRequestContext, expect, request } from "@playwright/test";
import { E2E_BASE_URL, E2E_HOST_PAGE_PORT } from "../support/ports";

/** Helpers of the public-apps journeys: the demo company driven through the real API. */

export const DEMO = { email: "demo@exemple.fr", password: "demo-certavis" } as const;

/** A valid 1×1 PNG (the server checks files by their magic bytes). */
export const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export interface FormFieldInput {
  id: string;
  type: string;
  label: string;
  required: boolean;
  page: number;
  position: number;
  [key: string]: unknown;
}

export interface DemoApi {
  api: APIRequestContext;
  companyId: string;
  apiKey: string;
  createForm(name: string, schema: FormFieldInput[]): Promise<string>;
  createProduct(name: string, formId: string | null): Promise<string>;
  /** The demo's default form (a required rating and a comment). */
  defaultFormId(): Promise<string>;
  /**
   * An order of the product; `orderDate` (default now) decides when the request e-mail is due: the
   * demo's request template waits 3 days after the order.
   */
  createOrder(productId: string, buyerEmail: string, orderDate?: Date): Promise<{ reviewUrl: string }>;
  /** Reviews of a product in a status, newest first. */
  reviews(
    productId: string,
    status: string,
  ): Promise<{ id: string; comment: string | null; title: string | null }[]>;
  approve(reviewId: string): Promise<void>;
  dispose(): Promise<void>;
}

/** Logs in as the demo owner through the API and reads the company's API key. */
export async function demoApi(): Promise<DemoApi> {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  const login = await api.post("/api/v1/auth/login/", { data: DEMO });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  const companyResponse = await api.get("/api/v1/company/", { headers });
  expect(companyResponse.status()).toBe(200);
  const company = (await companyResponse.json()) as { id: string; api_key: string | null };
  expect(company.api_key).toBeTruthy();
  const templates = (await (
    await api.get("/api/v1/company/email-templates/?limit=100", { headers })
  ).json()) as {
    results: { id: string; type: string; is_default: boolean }[];
  };
  const requestTemplate =
    templates.results.find((t) => t.type === "request" && t.is_default) ??
    templates.results.find((t) => t.type === "request");
  expect(requestTemplate).toBeTruthy();

  const ok = async (response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number) => {
    expect(response.status(), await response.text()).toBe(status);
    return response.json();
  };

  return {
    api,
    companyId: company.id,
    apiKey: company.api_key ?? "",
    async createForm(name, schema) {
      const form = await ok(
        await api.post("/api/v1/company/forms/", {
          headers,
          data: { name, title: "Votre avis compte", schema },
        }),
        201,
      );
      return (form as { id: string }).id;
    },
    async defaultFormId() {
      const forms = (await ok(await api.get("/api/v1/company/forms/?limit=100", { headers }), 200)) as {
        results: { id: string; is_default: boolean }[];
      };
      const form = forms.results.find((f) => f.is_default);
      expect(form).toBeTruthy();
      return form?.id ?? "";
    },
    async createProduct(name, formId) {
      const product = await ok(
        await api.post("/api/v1/company/products/", {
          headers,
          data: {
            name,
            status: "active",
            form_id: formId,
            email_request_template_id: requestTemplate?.id,
            initial_email_delay_days: 0,
            send_reminder: false,
          },
        }),
        201,
      );
      return (product as { id: string }).id;
    },
    async createOrder(productId, buyerEmail, orderDate) {
      const order = (await ok(
        await api.post("/api/v1/orders/", {
          headers: { "X-Api-Key": company.api_key ?? "" },
          data: {
            product_id: productId,
            buyer_email: buyerEmail,
            buyer_first_name: "Léa",
            buyer_last_name: "Bernard",
            reference: `E2E-${Date.now()}-${Math.round(Math.random() * 1e6)}`,
            ...(orderDate ? { order_date: orderDate.toISOString() } : {}),
          },
        }),
        201,
      )) as { review_url: string };
      return { reviewUrl: order.review_url };
    },
    async reviews(productId, status) {
      const page = (await ok(
        await api.get(`/api/v1/company/reviews/?product_id=${productId}&status=${status}&limit=50`, {
          headers,
        }),
        200,
      )) as { results: { id: string; comment: string | null; title: string | null }[] };
      return page.results;
    },
    async approve(reviewId) {
      await ok(
        await api.patch(`/api/v1/company/reviews/${reviewId}/`, { headers, data: { status: "approved" } }),
        200,
      );
    },
    dispose: () => api.dispose(),
  };
}

/** "Another site": a page on a second local port that embeds the widget with the loader. */
export async function startHostPage(
  html: (scriptOrigin: string) => string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html(E2E_BASE_URL));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(E2E_HOST_PAGE_PORT, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${E2E_HOST_PAGE_PORT}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A host page: some text, then the widget's placeholder and the loader. */
export function hostPageHtml(companyId: string, productId: string) {
  return (origin: string) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Boutique de test</title></head>
<body style="margin:0;font-family:sans-serif">
<main><h1>Lampe de test</h1><p>Une page d'un autre site qui affiche les avis.</p>
<div data-certavis-widget data-company-id="${companyId}" data-product-id="${productId}" data-accent-color="#2563eb"></div>
<p id="after">Fin de la page.</p></main>
<script src="${origin}/embed.js" async></script>
</body></html>`;
}

/**
 * A product page of "another site" as shops build them: the product first, then the reviews widget
 * below it in a placeholder that reserves the iframe's default height (520 px), then a footer.
 */
export function productPageHtml(companyId: string, productId: string | null) {
  return (origin: string) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lampe Aurore — Boutique de test</title></head>
<body style="margin:0;font-family:sans-serif">
<header style="padding:12px 16px;border-bottom:1px solid #ddd">Boutique de test</header>
<main style="padding:16px">
<h1>Lampe Aurore</h1>
<div style="height:420px;background:#eee;border-radius:8px" role="img" aria-label="Photo de la lampe"></div>
<p>Une lampe de chevet en laiton, lumière douce et chaleureuse. 89,00 €</p>
<h2>Avis clients</h2>
<div data-certavis-widget data-company-id="${companyId}"${productId ? ` data-product-id="${productId}"` : ""} style="min-height:520px"></div>
</main>
<footer style="padding:16px;border-top:1px solid #ddd">Mentions légales</footer>
<script src="${origin}/embed.js" async></script>
</body></html>`;
}

/**
 * Installs, before any script of the page, a sum of the main frame's layout shifts (as CLS counts them)
 * and of its long tasks' blocking time (the part of each task over 50 ms, as TBT counts it).
 */
export const PAGE_PROBE = () => {
  const win = window as unknown as { __cls: number; __tbt: number };
  win.__cls = 0;
  win.__tbt = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
      if (!entry.hadRecentInput) win.__cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) win.__tbt += Math.max(0, entry.duration - 50);
  }).observe({ type: "longtask", buffered: true });
};
