import { fr } from "@certavis/i18n-fr";
import { IconButton, Tooltip } from "@radix-ui/themes";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { CloseIcon, MenuIcon, PanelIcon } from "../../../components/icons";
import { TooltipProvider } from "../../../components/tooltip-provider";
import { useIsMobile } from "../../../lib/hooks/use-media-query";
import { readSidebarExpanded, writeSidebarExpanded } from "../lib/sidebar-cookie";
import { useSidebarHotkey } from "../lib/use-sidebar-hotkey";
import { SidebarNav } from "./sidebar-nav";
import { UserMenu } from "./user-menu";

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <div className="flex h-14 items-center gap-2 px-3">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-md bg-[var(--accent-9)] font-bold text-[var(--accent-contrast)]"
      >
        C
      </span>
      {collapsed ? null : <span className="font-bold text-lg">Certavis</span>}
    </div>
  );
}

/**
 * The signed-in frame (spec §2, §9): a sidebar of 16rem that collapses to 3rem of icons (cookie kept 7
 * days, Ctrl/Cmd+B), and below 768 px a slide-in panel of 18rem instead.
 */
export function AppShell() {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(readSidebarExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
      return;
    }
    writeSidebarExpanded(!expanded);
    setExpanded(!expanded);
  }, [isMobile, expanded]);
  useSidebarHotkey(toggle);

  // A link followed in the panel closes it; so does growing past the mobile width.
  useEffect(() => setMobileOpen(false), [pathname, isMobile]);

  const collapsed = !isMobile && !expanded;
  const toggleLabel = isMobile ? fr.shell.openMenu : fr.shell.toggleSidebar;

  return (
    <TooltipProvider>
      <div className="flex min-h-screen bg-[var(--gray-2)]">
        {isMobile ? (
          <Dialog.Root open={mobileOpen} onOpenChange={setMobileOpen}>
            {mobileOpen ? (
              <>
                <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
                <Dialog.Content
                  aria-describedby={undefined}
                  onCloseAutoFocus={(event) => {
                    event.preventDefault();
                    menuButton.current?.focus();
                  }}
                  className="cv-slide-in fixed inset-y-0 left-0 z-50 flex w-[18rem] flex-col bg-[var(--color-panel-solid)] shadow-xl outline-none"
                >
                  <Dialog.Title className="sr-only">{fr.shell.nav.label}</Dialog.Title>
                  <div className="flex items-center justify-between pr-2">
                    <Brand collapsed={false} />
                    <Dialog.Close asChild>
                      <IconButton variant="ghost" color="gray" aria-label={fr.common.close}>
                        <CloseIcon />
                      </IconButton>
                    </Dialog.Close>
                  </div>
                  <SidebarNav collapsed={false} />
                  <div className="border-[var(--gray-5)] border-t p-1">
                    <UserMenu collapsed={false} />
                  </div>
                </Dialog.Content>
              </>
            ) : null}
          </Dialog.Root>
        ) : (
          <aside
            className="sticky top-0 flex h-screen shrink-0 flex-col border-[var(--gray-5)] border-r bg-[var(--color-panel-solid)] transition-[width] duration-200"
            style={{ width: collapsed ? "3rem" : "16rem" }}
            data-state={collapsed ? "collapsed" : "expanded"}
          >
            <Brand collapsed={collapsed} />
            <SidebarNav collapsed={collapsed} />
            <div className="border-[var(--gray-5)] border-t p-1">
              <UserMenu collapsed={collapsed} />
            </div>
          </aside>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-[var(--gray-5)] border-b bg-[var(--color-panel-solid)] px-3">
            <Tooltip content={isMobile ? toggleLabel : `${toggleLabel} (Ctrl+B)`}>
              <IconButton
                ref={menuButton}
                variant="ghost"
                color="gray"
                aria-label={toggleLabel}
                aria-expanded={isMobile ? mobileOpen : expanded}
                aria-keyshortcuts={isMobile ? undefined : "Control+B Meta+B"}
                onClick={toggle}
              >
                {isMobile ? <MenuIcon /> : <PanelIcon />}
              </IconButton>
            </Tooltip>
          </header>
          <main className="mx-auto w-full max-w-7xl flex-1 p-4 md:p-6">
            <Outlet />
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
