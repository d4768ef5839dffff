/** Shown when an app's build is missing, instead of crashing (e.g. `pnpm --filter @certavis/api dev` alone). */
export function placeholderPage(appName: string, buildCommand: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Certavis — ${appName}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>${appName} : application non construite</h1>
<p>Cette partie de Certavis n'a pas encore été construite. Lancez <code>${buildCommand}</code> puis rechargez la page.</p>
<p>L'API répond sur <a href="/api/v1/health/">/api/v1/health/</a>.</p>
</body></html>`;
}
