export type ToastVariant = "default" | "success" | "error";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

type Listener = () => void;

const DURATION_MS = 5000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

/** Each toast's countdown: what is left of its 5 s, and the running timer unless the toasts are held. */
const countdowns = new Map<
  number,
  { remaining: number; startedAt: number; timer?: ReturnType<typeof setTimeout> }
>();
/** Why the toasts are held (the pointer or the focus is on them): none may leave while one reason stands. */
const holds = new Set<string>();

function emit() {
  for (const l of listeners) l();
}

function run(id: number) {
  const countdown = countdowns.get(id);
  if (!countdown || holds.size > 0) return;
  countdown.startedAt = Date.now();
  countdown.timer = setTimeout(() => dismissToast(id), countdown.remaining);
}

export function dismissToast(id: number) {
  clearTimeout(countdowns.get(id)?.timer);
  countdowns.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/**
 * Holds every toast while `reason` stands (WCAG 2.2.1: a message does not vanish while it is being read,
 * pointed at or focused); the countdowns go on from where they were once no reason is left.
 */
export function holdToasts(reason: string, held: boolean) {
  const wasHeld = holds.size > 0;
  if (held) holds.add(reason);
  else holds.delete(reason);
  if (!wasHeld && holds.size > 0) {
    for (const countdown of countdowns.values()) {
      clearTimeout(countdown.timer);
      countdown.timer = undefined;
      countdown.remaining = Math.max(0, countdown.remaining - (Date.now() - countdown.startedAt));
    }
  } else if (wasHeld && holds.size === 0) {
    for (const id of countdowns.keys()) run(id);
  }
}

/** Shows a toast in the bottom-right notification region; it goes away after 5 s (unless held). */
export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  const id = nextId++;
  toasts = [...toasts, { id, variant: input.variant ?? "default", ...input }];
  for (const dropped of toasts.slice(0, -5)) dismissToast(dropped.id);
  toasts = toasts.slice(-5);
  emit();
  countdowns.set(id, { remaining: DURATION_MS, startedAt: Date.now() });
  run(id);
  return id;
}

export const toastStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: () => toasts,
};
