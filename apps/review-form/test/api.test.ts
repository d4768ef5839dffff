import { describe, expect, it, vi } from "vitest";
import { getReviewForm, MAX_LOAD_TRIES } from "../src/features/review-form/api/get-review-form";
import { submitErrorsOf } from "../src/features/review-form/api/submit-errors";
import { submitReview } from "../src/features/review-form/api/submit-review";
import { websiteHref } from "../src/lib/website-href";
import { publicForm, threePages } from "./fixtures";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("loading the form", () => {
  it("asks GET /api/v1/review/?api_key= and returns the form", async () => {
    const data = publicForm(threePages);
    const fetchImpl = vi.fn(async () => json(200, data));
    expect(await getReviewForm("a b&c", { fetchImpl, retryDelayMs: 0 })).toEqual({ ok: true, data });
    expect(fetchImpl).toHaveBeenCalledWith("/api/v1/review/?api_key=a+b%26c", expect.anything());
  });

  it("shows a 403's detail at once, without retrying", async () => {
    const fetchImpl = vi.fn(async () =>
      json(403, { detail: "Un avis a déjà été déposé pour cette commande." }),
    );
    expect(await getReviewForm("k", { fetchImpl, retryDelayMs: 0 })).toEqual({
      ok: false,
      message: "Un avis a déjà été déposé pour cette commande.",
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("tries other failures 3 times, then 'Impossible de charger le formulaire.'", async () => {
    const fetchImpl = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError("network"))
      .mockResolvedValue(json(500, { detail: "boom" }));
    expect(await getReviewForm("k", { fetchImpl, retryDelayMs: 0 })).toEqual({
      ok: false,
      message: "Impossible de charger le formulaire.",
    });
    expect(fetchImpl).toHaveBeenCalledTimes(MAX_LOAD_TRIES);
    expect(MAX_LOAD_TRIES).toBe(3);
  });

  it("succeeds on a later try", async () => {
    const data = publicForm(threePages);
    const fetchImpl = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(json(502, null))
      .mockResolvedValue(json(200, data));
    expect(await getReviewForm("k", { fetchImpl, retryDelayMs: 0 })).toEqual({ ok: true, data });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});

/** A stand-in XMLHttpRequest recording what is sent and answering on demand. */
class FakeRequest {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? "" : JSON.stringify(body);
    this.onload?.();
  }
}

describe("sending the review", () => {
  it("posts JSON {answers} when there is no file", async () => {
    const request = new FakeRequest();
    const pending = submitReview(
      "k1",
      { rating: 4.5 },
      {},
      { createRequest: () => request as unknown as XMLHttpRequest },
    );
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/v1/review/?api_key=k1");
    expect(request.headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(request.body as string)).toEqual({ answers: { rating: 4.5 } });
    request.answer(201, { id: "r1", status: "pending" });
    expect(await pending).toEqual({ ok: true });
  });

  it("posts multipart with the answers part and one file:<field id> part per file, reporting progress", async () => {
    const request = new FakeRequest();
    const progress: number[] = [];
    const a = new File(["aaa"], "a.png", { type: "image/png" });
    const b = new File(["bbbb"], "b.png", { type: "image/png" });
    const pending = submitReview(
      "k2",
      { rating: 5 },
      { photo: [a, b] },
      { createRequest: () => request as unknown as XMLHttpRequest, onProgress: (f) => progress.push(f) },
    );
    const form = request.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(request.headers["Content-Type"]).toBeUndefined();
    expect(JSON.parse(form.get("answers") as string)).toEqual({ rating: 5 });
    expect(form.getAll("file:photo").map((f) => (f as File).name)).toEqual(["a.png", "b.png"]);
    request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 } as ProgressEvent);
    request.answer(201, { id: "r1", status: "pending" });
    await pending;
    expect(progress).toEqual([0.25, 1]);
  });

  it("returns the status and body of a failure, and status 0 on a network error", async () => {
    const request = new FakeRequest();
    const pending = submitReview("k", {}, {}, { createRequest: () => request as unknown as XMLHttpRequest });
    request.answer(400, { rating: ["Ce champ est obligatoire."] });
    expect(await pending).toEqual({
      ok: false,
      status: 400,
      body: { rating: ["Ce champ est obligatoire."] },
    });

    const broken = new FakeRequest();
    const failing = submitReview("k", {}, {}, { createRequest: () => broken as unknown as XMLHttpRequest });
    broken.onerror?.();
    expect(await failing).toEqual({ ok: false, status: 0, body: null });
  });
});

describe("submit errors", () => {
  it.each(["root", "non_field_errors", "all", "detail", "__all__"])("puts '%s' in the banner", (key) => {
    expect(submitErrorsOf({ ok: false, status: 400, body: { [key]: ["Général."] } }, ["rating"])).toEqual({
      fields: {},
      banner: ["Général."],
    });
  });

  it("keeps the first message per known field, and unknown keys for the banner", () => {
    expect(
      submitErrorsOf({ ok: false, status: 400, body: { rating: ["Un.", "Deux."], ghost: ["Fantôme."] } }, [
        "rating",
      ]),
    ).toEqual({ fields: { rating: "Un." }, banner: ["Fantôme."] });
  });
});

describe("official site link", () => {
  it.each([
    ["maison-lumiere.fr", "https://maison-lumiere.fr/"],
    ["http://exemple.fr/a", "http://exemple.fr/a"],
    ["javascript:alert(1)", null],
    ["", null],
    [null, null],
  ])("%s → %s", (value, expected) => {
    expect(websiteHref(value)).toBe(expected);
  });
});
