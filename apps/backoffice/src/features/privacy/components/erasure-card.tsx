import { can, isBasicEmail } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { AlertDialog, Flex, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/form-field";
import { SettingsSection } from "../../../components/settings-section";
import { apiFieldErrors } from "../../../lib/field-errors";
import { useCaller } from "../../../lib/hooks/use-caller";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useEraseBuyer } from "../api/erase-buyer";

const t = fr.settings.privacy.erasure;

/**
 * A buyer's erasure at their request (owner and admin): the address, then a confirmation that says
 * what goes; the toast gives the counts. What was typed stays until the erasure is done.
 */
export function ErasureCard() {
  const { role } = useCaller();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseBuyer();
  if (!can(role, "personalData.erase")) return null;
  const address = email.trim();

  function ask(event: FormEvent) {
    event.preventDefault();
    if (!isBasicEmail(address)) {
      setError(fr.validation.invalidEmail);
      return;
    }
    setError(undefined);
    setConfirming(true);
  }

  function confirm() {
    erase.mutate(address, {
      onSuccess: (counts) => {
        toast({
          title: t.done,
          description: t.doneCounts(counts.orders, counts.reviews, counts.files),
          variant: "success",
        });
        setEmail("");
        setConfirming(false);
      },
      onError: (e) => {
        setConfirming(false);
        const fields = apiFieldErrors(e);
        if (fields.email) setError(fields.email);
        else toastError(e, t.failed);
      },
    });
  }

  return (
    <SettingsSection id="erasure-title" title={t.title}>
      <Text as="p" size="2" color="gray" mb="3">
        {t.description}
      </Text>
      <form noValidate onSubmit={ask}>
        <Flex gap="3" align="end" wrap="wrap">
          <div className="min-w-[16rem] flex-1">
            <FormField
              label={t.email}
              type="email"
              autoComplete="off"
              placeholder={t.emailPlaceholder}
              value={email}
              error={error}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <Button type="submit" variant="destructive">
            {t.submit}
          </Button>
        </Flex>
      </form>
      <AlertDialog.Root open={confirming} onOpenChange={(open) => !erase.isPending && setConfirming(open)}>
        <AlertDialog.Content maxWidth="520px">
          <AlertDialog.Title>{t.confirmTitle(address)}</AlertDialog.Title>
          <AlertDialog.Description size="2">{t.confirmIntro}</AlertDialog.Description>
          <ul className="my-3 list-disc pl-5 text-sm">
            {t.confirmItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <Text as="p" size="2" color="gray">
            {t.confirmSuppression}
          </Text>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button type="button" variant="outline" disabled={erase.isPending}>
                {fr.common.cancel}
              </Button>
            </AlertDialog.Cancel>
            <Button type="button" variant="destructive" loading={erase.isPending} onClick={confirm}>
              {t.confirm}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </SettingsSection>
  );
}
