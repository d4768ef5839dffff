import { can, initialsOf } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { DropdownMenu } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { ChevronsUpDownIcon } from "../../../components/icons";
import { usePendingJoinRequestCount } from "../../../lib/api/get-join-requests";
import { useMe } from "../../../lib/api/get-me";
import { signOut } from "../../../lib/session";
import { displayName } from "../lib/nav-items";

/** Sidebar footer: name, e-mail, the pending-requests dot and the 'Mon compte' menu. */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const me = useMe();
  const user = me.data;
  const navigate = useNavigate();
  const client = useQueryClient();
  const manager = Boolean(user?.company) && can(user?.role, "requests.indicator");
  const requests = usePendingJoinRequestCount(manager);
  const showDot = manager && (requests.data ?? 0) > 0;
  const name = displayName(user);
  const initials = initialsOf(name);

  return (
    // Not modal: the rest of the page is not hidden from assistive technology while the menu is open.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>
        {/* Named by its content (what it shows, after 'Mon compte'), not by a label that would hide it:
            a speech user says the name they see (WCAG 2.5.3). */}
        <button
          type="button"
          className="relative flex w-full cursor-pointer items-center gap-2 rounded-md border-0 bg-transparent p-2 text-left text-[var(--gray-12)] hover:bg-[var(--gray-4)] focus-visible:outline-2 focus-visible:outline-[var(--focus-8)]"
        >
          <span className="sr-only">{`${fr.shell.myAccount} : `}</span>
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-[var(--accent-4)] font-semibold text-[var(--accent-12)] text-xs"
          >
            {initials || "?"}
          </span>
          {collapsed ? (
            <span className="sr-only">{name}</span>
          ) : (
            <>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-sm">{name}</span>
                <span className="block truncate text-[var(--gray-11)] text-xs">{user?.email}</span>
              </span>
              <ChevronsUpDownIcon />
            </>
          )}
          {showDot ? (
            <span
              role="img"
              aria-label={fr.shell.pendingRequests}
              title={fr.shell.pendingRequests}
              className="absolute top-1.5 left-8 size-2.5 rounded-full bg-[var(--red-9)] ring-2 ring-[var(--color-panel-solid)]"
            />
          ) : null}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content side="top" align="start">
        <DropdownMenu.Label className="text-[var(--gray-11)]">{fr.shell.myAccount}</DropdownMenu.Label>
        <DropdownMenu.Item onSelect={() => navigate("/settings")}>{fr.shell.settings}</DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item
          color="red"
          onSelect={() => {
            signOut(client);
            navigate("/login", { replace: true });
          }}
        >
          {fr.shell.logout}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
