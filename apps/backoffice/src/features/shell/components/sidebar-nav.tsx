import { fr } from "@certavis/i18n-fr";
import { Tooltip } from "@radix-ui/themes";
import { Link, useLocation } from "react-router";
import { isNavActive, navItems } from "../lib/nav-items";

/** The six entries of spec §2; as icons with tooltips when collapsed. */
export function SidebarNav({ collapsed }: { collapsed: boolean }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={fr.shell.nav.label} className="flex-1 overflow-y-auto px-2 py-2">
      <ul className="m-0 flex list-none flex-col gap-1 p-0">
        {navItems.map((item) => {
          const active = isNavActive(item.to, pathname);
          const link = (
            <Link
              to={item.to}
              aria-current={active ? "page" : undefined}
              aria-label={collapsed ? item.label : undefined}
              className={`flex h-9 items-center gap-3 rounded-md px-2.5 text-sm no-underline focus-visible:outline-2 focus-visible:outline-[var(--focus-8)] ${
                active
                  ? "bg-[var(--accent-4)] font-semibold text-[var(--accent-12)]"
                  : "text-[var(--gray-12)] hover:bg-[var(--gray-4)]"
              }`}
            >
              <item.icon className="shrink-0" />
              {collapsed ? null : <span className="truncate">{item.label}</span>}
            </Link>
          );
          return (
            <li key={item.to}>
              {collapsed ? (
                <Tooltip content={item.label} side="right">
                  {link}
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
