import { HEIGHT_REQUEST, RESIZE_MESSAGE } from "./embed-messages";

/**
 * Tells the embedding page (the embed loader) how tall the widget is, now and whenever it changes.
 * The height is not a secret, so any parent may read it; the loader checks who sent it. The parent may
 * ask for it again (`HEIGHT_REQUEST`, when its loader starts after the first one was posted).
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
  const onRequest = (event: MessageEvent) => {
    if (event.source !== win.parent || (event.data as { type?: unknown } | null)?.type !== HEIGHT_REQUEST)
      return;
    last = -1;
    post();
  };
  win.addEventListener("message", onRequest);
  if (typeof ResizeObserver === "undefined") {
    post();
    win.addEventListener("load", post);
    return () => {
      win.removeEventListener("load", post);
      win.removeEventListener("message", onRequest);
    };
  }
  // Its first call comes after the first layout, then at most once per frame: no forced layout here.
  const observer = new ResizeObserver(post);
  observer.observe(doc.documentElement);
  return () => {
    observer.disconnect();
    win.removeEventListener("message", onRequest);
  };
}
