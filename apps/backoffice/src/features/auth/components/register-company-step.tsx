import {
  DEFAULT_INVITATION_RECORD_ROLE,
  REGISTRATION_INVITE_ROLE_CHOICES,
  validateInviteList,
} from "@certavis/domain";
import { domainCodeText, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, SegmentedControl, Select, Text } from "@radix-ui/themes";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "../../../components/form-field";
import { useAcceptInvitation } from "../../../lib/api/accept-invitation";
import { createCompanyErrorMessage, useCreateCompany } from "../../../lib/api/create-company";
import { useMe } from "../../../lib/api/get-me";
import { type InviteInput, sendInvites } from "../../../lib/api/send-invite";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";

const t = fr.auth.register.company;

interface InviteRow {
  key: number;
  email: string;
  role: InviteInput["role"];
}

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
  const [nextKey, setNextKey] = useState(1);
  const [busy, setBusy] = useState(false);
  const create = useCreateCompany();
  const accept = useAcceptInvitation();
  const roleLabelId = useId();

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
          <>
            {invitedTo ? (
              <Text size="2" color="gray">
                {fr.companySetup.invitations.invitedBy(
                  `${invitedTo.inviter_first_name} ${invitedTo.inviter_last_name}`.trim(),
                )}{" "}
                — {invitedTo.company.name}
              </Text>
            ) : null}
            <FormField
              label={t.invitationCode}
              name="code"
              value={code}
              placeholder={invitedTo ? invitedTo.id : undefined}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              error={codeError}
            />
            <Button type="submit" size="lg" loading={accept.isPending}>
              {t.joinSubmit}
            </Button>
          </>
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
            <fieldset className="m-0 flex flex-col gap-3 border-0 p-0">
              <legend className="mb-1 p-0">
                <Text size="2" weight="medium">
                  {t.invitesTitle}
                </Text>
                <Text as="p" size="1" color="gray">
                  {t.invitesDescription}
                </Text>
                <Text as="p" size="1" color="gray">
                  {t.freePlanInvites}
                </Text>
              </legend>
              <span id={roleLabelId} hidden>
                {t.inviteRole}
              </span>
              {invites.map((row, index) => (
                <Flex key={row.key} gap="2" align="start">
                  <div className="flex-1">
                    <FormField
                      label={`${t.inviteEmail} ${index + 1}`}
                      type="email"
                      value={row.email}
                      onChange={(e) =>
                        setInvites((list) =>
                          list.map((r) => (r.key === row.key ? { ...r, email: e.target.value } : r)),
                        )
                      }
                      error={inviteErrors.get(row.key)}
                    />
                  </div>
                  <div className="flex flex-col gap-1">
                    <Text size="2" weight="medium" aria-hidden="true">
                      {t.inviteRole}
                    </Text>
                    <Select.Root
                      size="3"
                      value={row.role}
                      onValueChange={(role) =>
                        setInvites((list) =>
                          list.map((r) =>
                            r.key === row.key ? { ...r, role: role as InviteRow["role"] } : r,
                          ),
                        )
                      }
                    >
                      <Select.Trigger aria-label={`${t.inviteRole} ${index + 1}`} />
                      <Select.Content position="popper">
                        {REGISTRATION_INVITE_ROLE_CHOICES.map((role) => (
                          <Select.Item key={role} value={role}>
                            {fr.roles[role]}
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Root>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    className="mt-7"
                    onClick={() => setInvites((list) => list.filter((r) => r.key !== row.key))}
                  >
                    {t.removeInvite}
                  </Button>
                </Flex>
              ))}
              <Flex gap="2" wrap="wrap">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    setInvites((list) => [
                      ...list,
                      { key: nextKey, email: "", role: DEFAULT_INVITATION_RECORD_ROLE as InviteRow["role"] },
                    ]);
                    setNextKey((k) => k + 1);
                  }}
                >
                  {t.addInvite}
                </Button>
                {invites.length > 0 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => {
                      setInvites([]);
                      setInviteErrors(new Map());
                      void createWith([]);
                    }}
                  >
                    {t.ignoreInvitations}
                  </Button>
                ) : null}
              </Flex>
            </fieldset>
            <Button type="submit" size="lg" loading={busy}>
              {fr.common.continue}
            </Button>
          </>
        )}
      </Flex>
    </form>
  );
}
