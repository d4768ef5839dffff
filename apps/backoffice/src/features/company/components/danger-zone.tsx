import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Text } from "@radix-ui/themes";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SettingsSection } from "../../../components/settings-section";
import type { Company } from "../../../lib/api/get-company";
import { useMembers } from "../../../lib/api/get-members";
import { useRemoveMember } from "../../../lib/api/remove-member";
import { useCaller } from "../../../lib/hooks/use-caller";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useLeaveCompanyData } from "../lib/use-leave-company";
import { DeleteCompanyDialog } from "./delete-company-dialog";

const t = fr.settings.company.danger;

/** 'Supprimer l'entreprise' for the owner; 'Quitter l'entreprise' (removing oneself) for everyone else. */
export function DangerZone({ company }: { company: Company }) {
  const { role } = useCaller();
  const owner = can(role, "company.delete");
  return (
    <SettingsSection id="danger-title" title={t.title} danger>
      {owner ? <DeleteCompany company={company} /> : <LeaveCompany />}
    </SettingsSection>
  );
}

function DeleteCompany({ company }: { company: Company }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Text as="p" size="2" color="gray" mb="3">
        {t.deleteDescription}
      </Text>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        {t.deleteCompany}
      </Button>
      <DeleteCompanyDialog companyName={company.name} open={open} onOpenChange={setOpen} />
    </>
  );
}

function LeaveCompany() {
  const [open, setOpen] = useState(false);
  const { userId } = useCaller();
  const members = useMembers();
  const remove = useRemoveMember();
  const leave = useLeaveCompanyData();
  const self = members.data?.find((m) => m.user_id === userId);

  return (
    <>
      <Text as="p" size="2" color="gray" mb="3">
        {t.leaveDescription}
      </Text>
      <Button variant="destructive" disabled={!self} onClick={() => setOpen(true)}>
        {t.leaveCompany}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t.leaveTitle}
        description={t.leaveDescription}
        confirmLabel={t.leaveCompany}
        busy={remove.isPending}
        onConfirm={() => {
          if (!self) return;
          remove.mutate(self.id, {
            onSuccess: async () => {
              setOpen(false);
              toast({ title: t.left, variant: "success" });
              await leave();
            },
            onError: (error) => {
              setOpen(false);
              toastError(error, fr.errors.company.leaveFailed);
            },
          });
        }}
      />
    </>
  );
}
