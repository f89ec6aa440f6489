// Catalogues compiled by the Lingui Vite plugin (src/locales/<locale>/<catalogue>.po).
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
