export const RESIZE_MESSAGE = "certavis:resize";

/**
 * Tells the embedding page (the embed loader) how tall the widget is, now and whenever it changes.
 * The height is not a secret, so any parent may read it; the loader checks who sent it.
 */
export function postHeightToParent(win: Window = window): () => void {
  if (win.parent === win) return () => {};
  const doc = win.document;
  let last = -1;
  const post = () => {
    const height = Math.ceil(doc.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    win.parent.postMessage({ type: RESIZE_MESSAGE, height }, "*");
  };
  if (typeof ResizeObserver === "undefined") {
    post();
    win.addEventListener("load", post);
    return () => win.removeEventListener("load", post);
  }
  // Its first call comes after the first layout, then at most once per frame: no forced layout here.
  const observer = new ResizeObserver(post);
  observer.observe(doc.documentElement);
  return () => observer.disconnect();
}
