// /embed.js: the <gather-events> web component a club puts on its own site (issue 33, decision
// 0340). Built on its own by web/build/embed-bundle.ts, apart from the app and its runtime.
import { GatherEventsElement } from "./gather-events-element";

if (!customElements.get("gather-events")) customElements.define("gather-events", GatherEventsElement);
