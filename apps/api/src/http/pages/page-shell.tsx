import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FAVICON_HREF } from "../favicon";

export interface PageShellProps {
  title: string;
  /** The page's stylesheet (a `.css` file next to its component, imported as text). */
  style: string;
  /** The `<meta name="description">` of a page search engines show. */
  description?: string;
  /** Kept out of search engines' indexes. */
  noindex?: boolean;
  /** The nonce the page's CSP allows its style by (pages under /api/v1/, see html-page.tsx). */
  nonce?: string;
  /** More of the head (canonical and Open Graph links, JSON-LD). */
  head?: ReactNode;
  children: ReactNode;
}

/** The one page shell of the server's HTML pages: French, the viewport, the favicon, the page's style. */
export function PageShell(props: PageShellProps) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {props.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="icon" href={FAVICON_HREF} type="image/svg+xml" />
        <title>{props.title}</title>
        {props.description ? <meta name="description" content={props.description} /> : null}
        {props.head}
        <style nonce={props.nonce} dangerouslySetInnerHTML={{ __html: props.style }} />
      </head>
      <body>
        <main>{props.children}</main>
      </body>
    </html>
  );
}

/**
 * A page as the HTML sent: static markup (these pages are not hydrated, so no markers between texts),
 * React escaping every text and attribute.
 */
export function renderPage(page: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(page)}`;
}
