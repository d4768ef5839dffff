import { type RefObject, useEffect } from "react";

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * Arrow keys go to the previous/next review while the dialog is open: from inside `content`, or from
 * nowhere (the focused button at an end of the list got disabled); never from a menu or a field.
 */
export function useReviewArrowKeys({
  content,
  openId,
  previousId,
  nextId,
  onOpenIdChange,
}: {
  content: RefObject<HTMLDivElement | null>;
  openId: string | null;
  previousId: string | null;
  nextId: string | null;
  onOpenIdChange: (id: string) => void;
}) {
  useEffect(() => {
    if (!openId) return;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as Node | null;
      const inside = target === document.body || (target !== null && content.current?.contains(target));
      if (!inside || typing(target)) return;
      const to = event.key === "ArrowLeft" ? previousId : event.key === "ArrowRight" ? nextId : null;
      if (!to) return;
      event.preventDefault();
      onOpenIdChange(to);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [content, openId, previousId, nextId, onOpenIdChange]);
}
