const demo = { email: "demo@exemple.fr", password: "demo-certavis" };

/**
 * The demo company of a running product (`pnpm start` seeds it): its id, its public reviews, and its
 * products' ids, those with the most reviews first (a listing page's stars are drawn for them).
 */
export async function demoTarget(origin) {
  const login = await fetch(`${origin}/api/v1/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(demo),
  });
  if (!login.ok) throw new Error(`demo login failed (${login.status}): is ${origin} seeded with the demo?`);
  const { access } = await login.json();
  const company = await fetch(`${origin}/api/v1/company/`, {
    headers: { authorization: `Bearer ${access}` },
  });
  if (!company.ok) throw new Error(`GET /company/ failed (${company.status})`);
  const companyId = (await company.json()).id;
  const reviews = await (await fetch(`${origin}/api/v1/public/reviews/?company_id=${companyId}`)).json();
  const productIds = [...reviews.products].sort((a, b) => b.reviews_count - a.reviews_count).map((p) => p.id);
  return { companyId, reviews, productIds };
}
