// The offline page's behaviour (offline.html): its words in the visitor's language, and "Try again".
// The language the app would pick (profile, then browser): the stored choice, then the browser's.
const WORDS = {
  de: ["Du bist offline", "Diese Seite braucht eine Verbindung. Deine Tickets für kommende Events öffnen trotzdem, sobald du sie einmal online geöffnet hast.", "Erneut versuchen", "Meine Events", "Du bist offline · Gather"],
  fr: ["Vous êtes hors ligne", "Cette page a besoin d'une connexion. Vos billets pour les événements à venir s'ouvrent quand même, une fois ouverts en ligne.", "Réessayer", "Mes événements", "Vous êtes hors ligne · Gather"],
  es: ["Estás sin conexión", "Esta página necesita conexión. Tus entradas para los próximos eventos se abren igualmente si ya las abriste en línea.", "Reintentar", "Mis eventos", "Estás sin conexión · Gather"],
  "pt-BR": ["Você está offline", "Esta página precisa de conexão. Seus ingressos para os próximos eventos abrem mesmo assim, depois de abertos uma vez online.", "Tentar de novo", "Meus eventos", "Você está offline · Gather"],
};
let stored = null;
try { stored = localStorage.getItem("gather.locale"); } catch {}
const wanted = [stored, ...navigator.languages].filter(Boolean);
const pick = wanted.map((l) => (l.toLowerCase().startsWith("pt") ? "pt-BR" : l.slice(0, 2).toLowerCase())).find((l) => l === "en" || WORDS[l]);
if (pick && pick !== "en") {
  const [title, body, retry, me, doc] = WORDS[pick];
  document.documentElement.lang = pick;
  document.getElementById("title").textContent = title;
  document.getElementById("body").textContent = body;
  document.getElementById("retry").textContent = retry;
  document.getElementById("me").textContent = me;
  document.title = doc;
}
document.getElementById("retry").addEventListener("click", () => location.reload());
