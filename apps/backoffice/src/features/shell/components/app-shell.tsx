import { fr } from "@certavis/i18n-fr";
import { IconButton, Tooltip } from "@radix-ui/themes";
import { useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { CloseIcon, MenuIcon, PanelIcon } from "../../../components/icons";
import { TooltipProvider } from "../../../components/tooltip-provider";
import { useIsMobile } from "../../../lib/hooks/use-media-query";
import { readSidebarExpanded, writeSidebarExpanded } from "../lib/sidebar-cookie";
import { SidebarNav } from "./sidebar-nav";
import { UserMenu } from "./user-menu";

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <div className="flex h-14 items-center gap-2 px-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-[var(--accent-9)] font-bold text-[var(--accent-contrast)]">
        C
      </span>
      {collapsed ? null : <span className="font-bold text-lg">Certavis</span>}
    </div>
  );
}

/** The signed-in frame: sidebar (16rem, 3rem as icons, 18rem slide-in panel on mobile) and the page. */
export function AppShell() {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(() => readSidebarExpanded());
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const panelRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((o) => !o);
      return;
    }
    setExpanded((e) => {
      writeSidebarExpanded(!e);
      return !e;
    });
  }, [isMobile]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "b") {
        event.preventDefault();
        toggle();
      }
      if (event.key === "Escape") setMobileOpen(false);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  useEffect(() => setMobileOpen(false), [location.pathname]);

  useEffect(() => {
    if (mobileOpen) panelRef.current?.querySelector<HTMLElement>("a,button")?.focus();
    else openerRef.current?.focus({ preventScroll: true });
  }, [mobileOpen]);

  const collapsed = !isMobile && !expanded;

  return (
    <TooltipProvider>
      <div className="flex min-h-screen bg-[var(--gray-2)]">
        {isMobile ? null : (
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
        {isMobile && mobileOpen ? (
          <div className="fixed inset-0 z-50">
            <button
              type="button"
              tabIndex={-1}
              aria-label={fr.common.close}
              className="absolute inset-0 border-0 bg-black/40"
              onClick={() => setMobileOpen(false)}
            />
            <div
              ref={panelRef}
              role="dialog"
              aria-modal="true"
              aria-label={fr.shell.nav.label}
              className="absolute inset-y-0 left-0 flex w-[18rem] flex-col bg-[var(--color-panel-solid)] shadow-xl"
            >
              <div className="flex items-center justify-between pr-2">
                <Brand collapsed={false} />
                <IconButton
                  variant="ghost"
                  color="gray"
                  aria-label={fr.common.close}
                  onClick={() => setMobileOpen(false)}
                >
                  <CloseIcon />
                </IconButton>
              </div>
              <SidebarNav collapsed={false} onNavigate={() => setMobileOpen(false)} />
              <div className="border-[var(--gray-5)] border-t p-1">
                <UserMenu collapsed={false} />
              </div>
            </div>
          </div>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-[var(--gray-5)] border-b bg-[var(--color-panel-solid)] px-3">
            <Tooltip content={isMobile ? fr.shell.openMenu : `${fr.shell.toggleSidebar} (Ctrl+B)`}>
              <IconButton
                ref={openerRef}
                variant="ghost"
                color="gray"
                aria-label={isMobile ? fr.shell.openMenu : fr.shell.toggleSidebar}
                aria-expanded={isMobile ? mobileOpen : expanded}
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
