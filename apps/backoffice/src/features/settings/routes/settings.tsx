import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Link, useLocation } from "react-router";
import { NotFoundPanel } from "../../../components/not-found-panel";
import { PageHeader } from "../../../components/page-header";
import { usePendingJoinRequestCount } from "../../../lib/api/get-join-requests";
import { useCaller } from "../../../lib/hooks/use-caller";
import { SubscriptionTab } from "../../billing";
import { CompanyTab } from "../../company";
import { PrivacyTab } from "../../privacy";
import { UserTab } from "../../profile";
import { TeamsTab } from "../../team";
import { IntegrationsTab } from "../components/integrations-tab";

const tabs = fr.settings.tabs;
type Tab = keyof typeof tabs;
const TAB_ORDER: readonly Tab[] = ["teams", "subscription", "company", "integrations", "privacy", "user"];

const isTab = (value: string): value is Tab => (TAB_ORDER as readonly string[]).includes(value);

/** /settings/{teams,subscription,company,integrations,privacy,user}: the tab is the last segment of the path (spec §2). */
export function SettingsRoute() {
  const tab = useLocation().pathname.split("/")[2] ?? "";
  const { role } = useCaller();
  const indicator = can(role, "requests.indicator");
  const pending = usePendingJoinRequestCount(indicator);
  const showDot = indicator && (pending.data ?? 0) > 0;
  if (!isTab(tab)) return <NotFoundPanel />;

  return (
    <>
      <PageHeader title={fr.settings.title} subtitle={fr.settings.subtitle} />
      <nav aria-label={fr.settings.title} className="mb-5 border-[var(--gray-5)] border-b">
        <ul className="m-0 flex list-none flex-wrap gap-1 p-0">
          {TAB_ORDER.map((key) => (
            <li key={key}>
              <Link
                to={`/settings/${key}`}
                aria-current={key === tab ? "page" : undefined}
                className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 font-medium text-sm no-underline focus-visible:outline-2 focus-visible:outline-[var(--focus-8)] ${
                  key === tab
                    ? "border-[var(--accent-9)] text-[var(--gray-12)]"
                    : "border-transparent text-[var(--gray-11)] hover:text-[var(--gray-12)]"
                }`}
              >
                {tabs[key]}
                {key === "teams" && showDot ? (
                  <span
                    role="img"
                    aria-label={fr.shell.pendingRequests}
                    title={fr.shell.pendingRequests}
                    className="inline-block size-2 rounded-full bg-[var(--red-9)]"
                  />
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === "teams" ? <TeamsTab /> : null}
      {tab === "subscription" ? <SubscriptionTab /> : null}
      {tab === "company" ? <CompanyTab /> : null}
      {tab === "integrations" ? <IntegrationsTab /> : null}
      {tab === "privacy" ? <PrivacyTab /> : null}
      {tab === "user" ? <UserTab /> : null}
    </>
  );
}
