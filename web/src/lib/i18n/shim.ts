// `use-sync-external-store/shim`, for @lingui/react: React 19 ships the hook (vite.config.ts).
export { useSyncExternalStore } from "react";
