import { escapeHtml } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { type HtmlPage, htmlPage } from "../../http/html-page";

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1c2024}
main{max-width:28rem;margin:4rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 1rem}
p{line-height:1.5}
form{margin:1.5rem 0 0}
button{width:100%;padding:.75rem 1rem;border-radius:8px;border:0;font-size:1rem;cursor:pointer;background:#3e63dd;color:#fff}
`;

const t = fr.server.privacy;

/** The confirm page a link opens: it changes nothing until the button is pressed. */
export function renderUnsubscribeConfirm(companyName: string, action: string): HtmlPage {
  const body = `<h1>${escapeHtml(t.unsubscribeQuestion(companyName))}</h1>
<p>${escapeHtml(t.unsubscribeExplain(companyName))}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(t.unsubscribeConfirm)}</button>
</form>`;
  return htmlPage({ title: t.unsubscribeTitle, style: STYLE, body });
}

export function renderUnsubscribed(companyName: string): HtmlPage {
  const body = `<h1>${escapeHtml(t.unsubscribedTitle)}</h1>
<p>${escapeHtml(t.unsubscribed(companyName))}</p>`;
  return htmlPage({ title: t.unsubscribedTitle, style: STYLE, body });
}

export function renderUnsubscribeInvalid(): HtmlPage {
  const body = `<h1>${escapeHtml(t.invalidLinkTitle)}</h1>
<p>${escapeHtml(t.invalidLink)}</p>`;
  return htmlPage({ title: t.invalidLinkTitle, style: STYLE, body });
}
