import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

export const OFF_TOPIC = "Avis sans rapport avec le produit ou la commande, ou incompréhensible";

/** Answers the 'Rejeter l'avis' dialog that a rejection opens: a reason, an optional note, confirm. */
export async function giveRejectionReason(ui: UserEvent, reason = OFF_TOPIC, note?: string) {
  const dialog = await screen.findByRole("dialog", { name: "Rejeter l'avis" });
  expect(within(dialog).getByRole("button", { name: "Rejeter l'avis" })).toBeDisabled();
  await ui.click(within(dialog).getByRole("radio", { name: reason }));
  if (note) await ui.type(within(dialog).getByLabelText("Précision (facultative)"), note);
  await ui.click(within(dialog).getByRole("button", { name: "Rejeter l'avis" }));
}
