import { fr } from "@certavis/i18n-fr";
import { InitialsAvatar } from "@certavis/ui";
import { DropdownMenu, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useMe } from "../../../lib/api/get-me";
import { signOut } from "../../../lib/session";
import { ProfileDialog } from "./profile-dialog";

const t = fr.companySetup.profileMenu;

/** The floating profile menu of /company-setup (top right). */
export function ProfileMenu() {
  const me = useMe();
  const [dialogOpen, setDialogOpen] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const user = me.data;
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;

  return (
    <div className="fixed top-4 right-4 z-20">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          {/* Named by its content ('Menu du profil', then the name it shows), not by a label hiding it (WCAG 2.5.3). */}
          <button
            type="button"
            className="flex cursor-pointer items-center gap-2 rounded-full border border-[var(--gray-5)] bg-[var(--color-panel-solid)] p-1 pr-3 shadow-sm focus-visible:outline-2 focus-visible:outline-[var(--focus-8)]"
          >
            <span className="sr-only">{t.label}</span>
            <InitialsAvatar name={name} size={32} />
            <Text size="2" weight="medium" className="hidden sm:inline">
              {name}
            </Text>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          <DropdownMenu.Label>
            <span className="flex flex-col">
              <span className="font-medium text-[var(--gray-12)]">{name}</span>
              <span>{user.email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator />
          <DropdownMenu.Item onSelect={() => setDialogOpen(true)}>{t.editProfile}</DropdownMenu.Item>
          <DropdownMenu.Item
            color="red"
            onSelect={() => {
              signOut(client);
              navigate("/login", { replace: true });
            }}
          >
            {t.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {dialogOpen ? <ProfileDialog user={user} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
    </div>
  );
}
