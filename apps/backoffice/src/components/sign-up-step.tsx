import { fr } from "@certavis/i18n-fr";
import { Text } from "@radix-ui/themes";

/**
 * The steps of signing up, counted once for the whole flow: the account (ended by the mailed code, on
 * /register or /verify-email), the company (on /register or /company-setup), the plan. Wherever a step is
 * shown, its number is the same, so the count never starts again on the next screen.
 */
const SIGN_UP_STEPS = ["account", "company", "plan"] as const;
export type SignUpStepName = (typeof SIGN_UP_STEPS)[number];

/** 'Étape N sur 3' of sign-up. */
export function SignUpStep({ step }: { step: SignUpStepName }) {
  return (
    // High contrast: the accent's own step on the card's grey failed axe's color-contrast.
    <Text as="span" weight="medium" color="jade" highContrast>
      {fr.auth.register.step(SIGN_UP_STEPS.indexOf(step) + 1, SIGN_UP_STEPS.length)}
    </Text>
  );
}
