import { fr } from "@certavis/i18n-fr";
import { z } from "zod/mini";

const required = () => z.string().check(z.trim(), z.minLength(1, fr.validation.required));

/** Step 1 of the registration: every field required, password at least 8 characters. */
export const registerAccountSchema = z.object({
  email: required(),
  password: z
    .string()
    .check(z.minLength(1, fr.validation.required), z.minLength(8, fr.validation.passwordTooShort)),
  first_name: required(),
  last_name: required(),
});
