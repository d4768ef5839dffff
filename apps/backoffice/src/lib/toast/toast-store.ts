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

function emit() {
  for (const l of listeners) l();
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast in the bottom-right notification region; it goes away after 5 s. */
export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  const id = nextId++;
  toasts = [...toasts, { id, variant: input.variant ?? "default", ...input }].slice(-5);
  emit();
  setTimeout(() => dismissToast(id), DURATION_MS);
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
