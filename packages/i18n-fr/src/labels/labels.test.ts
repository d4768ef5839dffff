import { ROLES } from "@certavis/domain";
import { describe, expect, it } from "vitest";
import { roles } from "../messages/roles";
import {
  fieldTypeLabel,
  planName,
  productStatusLabel,
  reviewBadgeLabel,
  roleLabel,
  subscriptionStatusLabel,
} from ".";

describe("labels of the domain's wire values", () => {
  it.each([
    ["owner", "Propriétaire"],
    ["admin", "Administrateur"],
    ["manager", "Manager"],
    ["moderator", "Modérateur"],
    ["accoutant", "Comptable"],
    ["ACCOUNTANT", "Comptable"],
    ["member", "Membre"],
    ["robot", "robot"],
    ["", "—"],
  ])("roleLabel(%j) = %j", (input, expected) => {
    expect(roleLabel(input)).toBe(expected);
  });

  it("has a label for every role", () => {
    for (const role of ROLES) expect(roles[role]).toBeTruthy();
  });

  it.each([
    ["active", "Actif"],
    ["published", "Actif"],
    ["draft", "Brouillon"],
    ["archived", "Archivé"],
    ["whatever", "Brouillon"],
  ])("productStatusLabel(%j) = %s", (input, expected) => {
    expect(productStatusLabel(input)).toBe(expected);
  });

  it.each([
    ["approved", true, "Approuvé"],
    ["pending", true, "En attente"],
    ["rejected", false, "Rejeté"],
    ["withdrawn", true, "Retiré par l'auteur"],
    ["expired", true, "Expiré"],
    [null, true, "Vérifié"],
    [undefined, false, null],
  ] as const)("badge of %j (verified %s) = %j", (status, verified, expected) => {
    expect(reviewBadgeLabel(status, verified)).toBe(expected);
  });

  it.each([
    ["active", "Actif"],
    ["trialing", "En période d'essai"],
    ["past_due", "Paiement en retard"],
    ["canceled", "Annulé"],
    ["unpaid", "Impayé"],
    ["incomplete", "Incomplet"],
    ["incomplete_expired", "Incomplet expiré"],
    ["ACTIVE", "Actif"],
    ["paused", "paused"],
    ["", "—"],
    [null, "—"],
  ])("subscriptionStatusLabel(%j) = %j", (input, expected) => {
    expect(subscriptionStatusLabel(input)).toBe(expected);
  });

  it.each([
    ["CROISSANCE", "Croissance"],
    ["lancement", "Lancement"],
    ["EXPANSION", "Expansion"],
    ["nope", "—"],
  ])("planName(%j) = %j", (input, expected) => {
    expect(planName(input)).toBe(expected);
  });

  it.each([
    ["textarea", "Texte long"],
    ["media", "Photos et vidéos"],
    ["robot", "robot"],
  ])("fieldTypeLabel(%j) = %j", (input, expected) => {
    expect(fieldTypeLabel(input)).toBe(expected);
  });
});
