import { expect, type Page } from "@playwright/test";

/**
 * Signs the browser in with real tokens from the API, stored where the login screen stores them: for
 * journeys about something else (signing in through the form is a journey of its own), it spares them a
 * render of the login screen and of the dashboard. Answers the access token.
 */
export async function signInWithTokens(
  page: Page,
  account: { email: string; password: string },
): Promise<string> {
  const res = await page.request.post("/api/v1/auth/login/", {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const tokens = (await res.json()) as { access: string; refresh: string };
  // Any page of the product's origin gives its storage; the health answer is the lightest.
  await page.goto("/api/v1/health/");
  await page.evaluate((t) => {
    localStorage.setItem("certavis.access", t.access);
    localStorage.setItem("certavis.refresh", t.refresh);
  }, tokens);
  return tokens.access;
}
