// The entry: the stylesheet, and a few lines that decide when the app's code is fetched. Nothing
// else is imported here, so a page whose first screen came in the HTML (decision 0168) loads
// only this before its paint; its cover has the phone's bandwidth to itself (decision 0195).
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const firstScreen = container.firstElementChild !== null;
const start = () => void import("./start-app").then(({ startApp }) => startApp(container, firstScreen));

// With a first screen the app starts once that screen has loaded, its cover too (the page's
// largest paint), after the frame that shows it; its links work as plain links until then.
// Three seconds at most, should a picture never finish. Without one, at once: the HTML preloads
// the app's code for those pages.
if (firstScreen && document.readyState !== "complete") {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  window.addEventListener("load", () => requestAnimationFrame(() => setTimeout(once, 0)), { once: true });
  setTimeout(once, 3000);
} else {
  start();
}
