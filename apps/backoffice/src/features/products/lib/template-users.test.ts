import { describe, expect, it } from "vitest";
import { templateUsers } from "./template-users";

const product = (id: string, request: string | null, reminder: string | null = null) => ({
  id,
  email_request_template: request ? { id: request, name: "Demande", send_after: 3 } : null,
  email_reminder_template: reminder ? { id: reminder, name: "Relance", remind_after: 7 } : null,
});

describe("templateUsers (the products a template's delay applies to)", () => {
  const products = [product("a", "T1", "R1"), product("b", "T1"), product("c", "T2", "R1")];
  it("counts the other products of the template and the edited one, once", () => {
    expect(templateUsers(products, "T1", "request", "a")).toBe(2);
    expect(templateUsers(products, "T1", "request", null)).toBe(3);
    expect(templateUsers(products, "T2", "request", "a")).toBe(2);
    expect(templateUsers(products, "T3", "request", "b")).toBe(1);
    expect(templateUsers(products, "R1", "reminder", "c")).toBe(2);
  });
});
