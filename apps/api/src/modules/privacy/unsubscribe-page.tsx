import { fr } from "@certavis/i18n-fr/server";
import { type HtmlPage, htmlPage } from "../../http/html-page";
import cardPage from "../../http/pages/card-page.css";
import pageStyle from "./unsubscribe-page.css";

const style = cardPage + pageStyle;

const t = fr.server.privacy;

/** The confirm page a link opens: it changes nothing until the button is pressed. */
export function renderUnsubscribeConfirm(companyName: string, action: string): HtmlPage {
  const body = (
    <>
      <h1>{t.unsubscribeQuestion(companyName)}</h1>
      <p>{t.unsubscribeExplain(companyName)}</p>
      <form method="post" action={action}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit">{t.unsubscribeConfirm}</button>
      </form>
    </>
  );
  return htmlPage({ title: t.unsubscribeTitle, style, body });
}

export function renderUnsubscribed(companyName: string): HtmlPage {
  const body = (
    <>
      <h1>{t.unsubscribedTitle}</h1>
      <p>{t.unsubscribed(companyName)}</p>
    </>
  );
  return htmlPage({ title: t.unsubscribedTitle, style, body });
}

export function renderUnsubscribeInvalid(): HtmlPage {
  const body = (
    <>
      <h1>{t.invalidLinkTitle}</h1>
      <p>{t.invalidLink}</p>
    </>
  );
  return htmlPage({ title: t.invalidLinkTitle, style, body });
}
