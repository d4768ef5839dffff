/**
 * Stripe's network, answered locally: the Stripe client of the app (`buildApp({ stripeFetch })`) talks
 * to this instead of api.stripe.com. Everything else (signatures, our handlers, the database) is real.
 */
export interface StripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
}

type Answer = (call: StripeCall) => { status?: number; body: unknown } | undefined;

export function fakeStripeNetwork() {
  const calls: StripeCall[] = [];
  const answers: Answer[] = [];
  let sessionCounter = 0;
  let down = false;

  const defaults: Answer = (call) => {
    if (call.method === "POST" && call.path === "/v1/checkout/sessions") {
      sessionCounter += 1;
      const id = `cs_test_${sessionCounter}`;
      return { body: { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` } };
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(call.path);
    if (subscription && call.method === "DELETE") {
      return { body: { id: subscription[1], object: "subscription", status: "canceled" } };
    }
    return undefined;
  };

  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? init.body : "";
    const call: StripeCall = {
      method,
      path: url.pathname,
      params: new URLSearchParams(method === "GET" || method === "DELETE" ? url.search : body),
    };
    calls.push(call);
    if (down) return new Response(JSON.stringify({ error: { message: "down" } }), { status: 500 });
    const answer = [...answers, defaults].map((a) => a(call)).find((a) => a !== undefined);
    if (!answer) {
      return new Response(
        JSON.stringify({ error: { type: "invalid_request_error", message: "not faked" } }),
        {
          status: 404,
          headers: { "content-type": "application/json" },
        },
      );
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json", "request-id": `req_${calls.length}` },
    });
  }) as typeof fetch;

  return {
    fetch: fetchFn,
    calls,
    /** Answers checked before the defaults. */
    answer(fn: Answer) {
      answers.push(fn);
    },
    setDown(value: boolean) {
      down = value;
    },
  };
}

/** A Stripe event envelope as delivered to webhooks. */
export function stripeEvent(id: string, type: string, created: Date, object: Record<string, unknown>) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(created.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export const unix = (date: Date) => Math.floor(date.getTime() / 1000);
