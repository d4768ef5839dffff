// The shop's product page the widget benches load: `widget-lighthouse.mjs`, `placeholder-blocks.mjs`.

/**
 * A small script of the shop's own that touches an element, as a theme's or an analytics tag's does. The
 * first script of a page to touch an element pays for the browser's element bindings (0.35–0.5 ms
 * unthrottled here); on issue 43's page, which has none, `/embed.js` is that first script; on a shop's
 * page it is not.
 */
const THEME_SCRIPT = '<script>document.querySelector("header").setAttribute("data-theme-ready", "")</script>';

/**
 * A product page: the widget right under the title (first screen), after the photo and 28 paragraphs
 * of description (below the fold), or after 40 (deep: issue 43's page, the placeholder far down);
 * with `theme`, it ends with THEME_SCRIPT.
 */
export const productPage = (widget, position, { theme = false } = {}) => {
  const description = (count) =>
    Array.from(
      { length: count },
      (_, i) =>
        `<p>Détail ${(i % 14) + 1} : une lampe de chevet en laiton, abat-jour en lin, lumière douce et chaleureuse, ampoule LED fournie, câble textile de 1,8 m avec interrupteur.</p>`,
    ).join("");
  const photo =
    '<div style="height:420px;background:#eee;border-radius:8px" role="img" aria-label="Photo de la lampe"></div>';
  const reviews = `<h2>Avis clients</h2><div style="min-height:520px">${widget}</div>`;
  const body =
    position === "first"
      ? `${reviews}${photo}${description(14)}`
      : `${photo}${description(position === "deep" ? 40 : 28)}${reviews}`;
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lampe Aurore — Boutique de test</title><meta name="description" content="Page produit de test"></head>
<body style="margin:0;font-family:sans-serif">
<header style="padding:12px 16px;border-bottom:1px solid #ddd">Boutique de test</header>
<main style="padding:16px">
<h1>Lampe Aurore</h1><p>89,00 €</p>
${body}
</main>
<footer style="padding:16px;border-top:1px solid #ddd">Mentions légales</footer>${theme ? THEME_SCRIPT : ""}
</body></html>`;
};
