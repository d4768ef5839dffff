import { validateInviteList } from "@certavis/domain";
import { domainCodeText, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, SegmentedControl } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/form-field";
import { useAcceptInvitation } from "../../../lib/api/accept-invitation";
import { createCompanyErrorMessage, useCreateCompany } from "../../../lib/api/create-company";
import { useMe } from "../../../lib/api/get-me";
import { sendInvites } from "../../../lib/api/send-invite";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { CompanyInvitesFieldset } from "./company-invites-fieldset";
import type { InviteRow } from "./invite-row-fields";
import { JoinCompanyFields } from "./join-company-fields";

const t = fr.auth.register.company;

/**
 * Step 2: join with an invitation code, or create a company with optional invites. The company is
 * created on leaving the step, then the invites are sent ('Ignorer les invitations' skips them).
 */
export function RegisterCompanyStep({
  onCreated,
  onJoined,
}: {
  onCreated: () => void;
  onJoined: () => void;
}) {
  const me = useMe();
  const invitedTo = me.data?.company_invite ?? null;
  const [mode, setMode] = useState<"create" | "join">(invitedTo ? "join" : "create");
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [invites, setInvites] = useState<InviteRow[]>([]);
  const [inviteErrors, setInviteErrors] = useState<Map<number, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const create = useCreateCompany();
  const accept = useAcceptInvitation();

  async function createWith(rows: InviteRow[]) {
    if (!name.trim()) {
      setNameError(fr.validation.companyNameRequired);
      return;
    }
    setNameError(undefined);
    const filled = rows.filter((row) => row.email.trim() !== "");
    const problems = validateInviteList(filled.map((row) => row.email));
    const byKey = new Map<number, string>();
    for (const [index, problem] of problems) {
      const row = filled[index];
      if (row) byKey.set(row.key, domainCodeText(problem));
    }
    setInviteErrors(byKey);
    if (byKey.size > 0) return;
    setBusy(true);
    try {
      await create.mutateAsync(name.trim());
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields.name) setNameError(fields.name);
      else toast({ title: fr.errors.title, description: createCompanyErrorMessage(error), variant: "error" });
      setBusy(false);
      return;
    }
    // The new company is on the free plan (one member): the invitations wait for step 3's plan.
    const sent = await sendInvites(
      filled.map((row) => ({ email: row.email.trim(), role: row.role })),
      { holdUntilRoom: true },
    );
    // The company exists now: the failures are reported, the registration goes on to the plan.
    if (sent.failed > 0)
      toast({
        title: fr.errors.title,
        description: [fr.errors.team.someInvitesFailed, ...sent.reasons].join("\n"),
        variant: "error",
      });
    setBusy(false);
    onCreated();
  }

  async function join() {
    const value = code.trim() || invitedTo?.id || "";
    if (!value) {
      setCodeError(fr.validation.required);
      return;
    }
    setCodeError(undefined);
    try {
      await accept.mutateAsync(value);
      onJoined();
    } catch (error) {
      toastError(error, fr.errors.team.acceptInvitationFailed);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (mode === "join") void join();
    else void createWith(invites);
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <Flex direction="column" gap="4">
        <SegmentedControl.Root value={mode} onValueChange={(v) => setMode(v as "create" | "join")}>
          <SegmentedControl.Item value="create">{t.create}</SegmentedControl.Item>
          <SegmentedControl.Item value="join">{t.join}</SegmentedControl.Item>
        </SegmentedControl.Root>

        {mode === "join" ? (
          <JoinCompanyFields
            invitedTo={invitedTo}
            code={code}
            error={codeError}
            pending={accept.isPending}
            onCodeChange={setCode}
          />
        ) : (
          <>
            <FormField
              label={t.companyName}
              name="company_name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="organization"
              required
              error={nameError}
            />
            <CompanyInvitesFieldset
              invites={invites}
              errors={inviteErrors}
              busy={busy}
              onChange={setInvites}
              onIgnore={() => {
                setInvites([]);
                setInviteErrors(new Map());
                void createWith([]);
              }}
            />
            <Button type="submit" size="lg" loading={busy}>
              {fr.common.continue}
            </Button>
          </>
        )}
      </Flex>
    </form>
  );
}
