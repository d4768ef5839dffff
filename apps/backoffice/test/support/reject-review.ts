import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

export const OFF_TOPIC = "Avis sans rapport avec le produit ou la commande, ou incompréhensible";

/** Answers the 'Rejeter l'avis' dialog that a rejection opens: a reason, an optional note, confirm. */
export async function giveRejectionReason(ui: UserEvent, reason = OFF_TOPIC, note?: string) {
  const dialog = await screen.findByRole("dialog", { name: "Rejeter l'avis" });
  expect(within(dialog).getByRole("button", { name: "Rejeter l'avis" })).toBeDisabled();
  await ui.click(within(dialog).getByRole("radio", { name: reason }));
  const precision = within(dialog).getByLabelText("Précision (facultative)");
  // The note goes to the author as typed: the dialog says so before it is written.
  expect(precision).toHaveAccessibleDescription(
    "Envoyée telle quelle à l'auteur, dans l'e-mail qui lui annonce le rejet.",
  );
  if (note) await ui.type(precision, note);
  await ui.click(within(dialog).getByRole("button", { name: "Rejeter l'avis" }));
}
