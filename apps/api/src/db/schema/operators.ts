import { bigint, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { tz } from "./columns";
import { users } from "./identity";

/**
 * Certavis's operators (migration 0037): users outside any company who moderate the companies
 * moderated by Certavis. Their TOTP secret is sealed (key ring, `operator-totp`); `totpConfirmedAt`
 * is set by the first valid code; `totpLastStep` refuses a code already used.
 */
export const operators = pgTable("operators", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  addedAt: tz("added_at").notNull().defaultNow(),
  totpSecretSealed: text("totp_secret_sealed"),
  totpConfirmedAt: tz("totp_confirmed_at"),
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
});
