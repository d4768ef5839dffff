import { PageShell, renderPage } from "./pages/page-shell";
import style from "./placeholder-page.css";

/** Shown when an app's build is missing, instead of crashing (e.g. `pnpm --filter @certavis/api dev` alone). */
export function placeholderPage(appName: string, buildCommand: string): string {
  return renderPage(
    <PageShell title={`Certavis — ${appName}`} style={style} noindex>
      <h1>{`${appName} : application non construite`}</h1>
      <p>
        Cette partie de Certavis n'a pas encore été construite. Lancez <code>{buildCommand}</code> puis
        rechargez la page.
      </p>
      <p>
        L'API répond sur <a href="/api/v1/health/">/api/v1/health/</a>.
      </p>
    </PageShell>,
  );
}
