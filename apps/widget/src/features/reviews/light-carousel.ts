import { AUTOPLAY_MS } from "../../lib/widget-constants";

/**
 * The carousel's autoplay on the server-painted page, without Preact (a few hundred bytes): every
 * 4 s the next slide, paused while hovered by a mouse, while something inside has the focus or while
 * out of sight, never when the visitor prefers reduced motion. The interactive widget replaces it on
 * the first interaction (see main.tsx) and starts from the slide it reached (`data-index`).
 * `stepAtOnce`: set up when its first step is due (so none of it runs while the page loads), it takes
 * that step as soon as it knows the carousel is in sight. Returns its stop.
 */
export function startLightCarousel(
  doc: Document = document,
  autoplayMs = AUTOPLAY_MS,
  stepAtOnce = false,
): () => void {
  const section = doc.querySelector<HTMLElement>(".cw-carousel");
  const track = section?.querySelector<HTMLElement>(".cw-track");
  const win = doc.defaultView;
  if (!section || !track || !win) return () => {};
  if (win.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return () => {};
  const slides = Array.from(track.children) as HTMLElement[];
  const position = section.querySelector(".cw-position");
  let index = Number(section.dataset.index) || 0;
  let hovered = false;
  let offscreen = false;

  const show = (next: number) => {
    slides[index]?.removeAttribute("aria-current");
    index = next;
    const slide = slides[index];
    slide?.setAttribute("aria-current", "true");
    section.dataset.index = String(index);
    if (position) position.textContent = `${index + 1} / ${slides.length}`;
    if (slide && typeof track.scrollTo === "function")
      track.scrollTo({ left: slide.offsetLeft - track.offsetLeft, behavior: "smooth" });
  };
  const step = () => {
    if (hovered || offscreen || section.contains(doc.activeElement)) return;
    show((index + 1) % slides.length);
  };
  const timer = win.setInterval(step, autoplayMs);
  const onEnter = (event: PointerEvent) => {
    if (event.pointerType === "mouse") hovered = true;
  };
  const onLeave = () => {
    hovered = false;
  };
  section.addEventListener("pointerenter", onEnter);
  section.addEventListener("pointerleave", onLeave);
  const observer =
    typeof win.IntersectionObserver === "function"
      ? new win.IntersectionObserver(([entry]) => {
          offscreen = !entry?.isIntersecting;
          if (stepAtOnce) step();
          stepAtOnce = false;
        })
      : null;
  observer?.observe(section);
  if (!observer && stepAtOnce) step();
  return () => {
    win.clearInterval(timer);
    section.removeEventListener("pointerenter", onEnter);
    section.removeEventListener("pointerleave", onLeave);
    observer?.disconnect();
  };
}
