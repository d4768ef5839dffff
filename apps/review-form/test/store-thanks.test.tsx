import { fr } from "@certavis/i18n-fr";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { LoadResult } from "../src/features/review-form/api/get-review-form";
import type { PublicForm } from "../src/features/review-form/api/review-form-types";
import type { SubmitResult } from "../src/features/review-form/api/submit-review";
import type { StoreSubmitResult } from "../src/features/review-form/api/submit-store-review";
import { ReviewFormPage } from "../src/features/review-form/components/review-form-page";
import { field, publicForm } from "./fixtures";

const question = { shop_name: "Maison Lumière", api_key: "key-1" };
const form = (store: PublicForm["store_question"]) =>
  publicForm([field({ id: "rating", type: "rating", label: "Votre note", required: true })], {
    store_question: store,
  });

function setup(loaded: PublicForm, submitted: SubmitResult, preview = false) {
  const load = vi.fn(async (): Promise<LoadResult> => ({ ok: true, data: loaded }));
  const submit = vi.fn(async (): Promise<SubmitResult> => submitted);
  const submitStore = vi.fn(async (): Promise<StoreSubmitResult> => ({ ok: true }));
  render(
    <ReviewFormPage apiKey="key-1" preview={preview} load={load} submit={submit} submitStore={submitStore} />,
  );
  return { submit, submitStore, user: userEvent.setup() };
}

const storeRegion = () => screen.queryByRole("region", { name: fr.publicForm.store.heading });

/** Rates the product 5 and sends it, the store question left unanswered; the thank-you screen shows. */
async function reviewProductOnly(user: ReturnType<typeof userEvent.setup>) {
  const stars = await screen.findAllByRole("radio", { name: "5 sur 5" });
  const product = stars.find((radio) => !storeRegion()?.contains(radio));
  if (!product) throw new Error("no product rating");
  await user.click(product);
  await user.click(screen.getByRole("button", { name: fr.publicForm.submit }));
  await screen.findByRole("heading", { level: 1, name: fr.publicForm.thanks.title });
}

describe("the thank-you screen and the store question", () => {
  it("offers the store question still unanswered after the product review, and sends its answer", async () => {
    const { submitStore, user } = setup(form(question), { ok: true, storeQuestion: question });
    await screen.findByRole("region", { name: fr.publicForm.store.heading });
    await reviewProductOnly(user);

    const store = storeRegion();
    if (!store) throw new Error("the store question is not offered");
    expect(store).toHaveTextContent(fr.publicForm.store.intro);
    await user.click(within(store).getByRole("radio", { name: "4 sur 5" }));
    await user.type(within(store).getByLabelText(fr.publicForm.store.comment), "Colis soigné.");
    await user.click(within(store).getByRole("button", { name: fr.publicForm.store.submit }));
    expect(await within(store).findByRole("status")).toHaveTextContent(fr.publicForm.store.done);
    expect(submitStore).toHaveBeenCalledWith("key-1", { rating: 4, title: "", comment: "Colis soigné." });
  });

  it("offers nothing more once the store question was answered on the page first", async () => {
    const { user } = setup(form(question), { ok: true, storeQuestion: null });
    const store = await screen.findByRole("region", { name: fr.publicForm.store.heading });
    await user.click(within(store).getByRole("radio", { name: "3 sur 5" }));
    await user.click(within(store).getByRole("button", { name: fr.publicForm.store.submit }));
    await within(store).findByRole("status");
    await reviewProductOnly(user);
    expect(storeRegion()).toBeNull();
  });

  it("offers nothing when the shop does not collect store reviews", async () => {
    const { user } = setup(form(null), { ok: true, storeQuestion: null });
    await reviewProductOnly(user);
    expect(storeRegion()).toBeNull();
  });

  it("offers nothing in a preview (the template editor's test e-mail), which sends nothing", async () => {
    const { submit, user } = setup(form(question), { ok: true, storeQuestion: question }, true);
    await reviewProductOnly(user);
    expect(storeRegion()).toBeNull();
    expect(submit).not.toHaveBeenCalled();
  });
});
