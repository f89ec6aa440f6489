import type { ExternalToast } from "sonner";

// The shell's few toasts (sign-out failed, language not saved, auth events) load sonner when
// they happen: it is ~10 KB gzip that no first paint needs (decision 0165). Features import
// sonner directly; their chunks load after the first paint anyway.
type Message = Parameters<typeof import("sonner").toast.success>[0];

export const toast = {
  success: (message: Message, data?: ExternalToast) => void import("sonner").then((m) => m.toast.success(message, data)),
  error: (message: Message, data?: ExternalToast) => void import("sonner").then((m) => m.toast.error(message, data)),
};
