import "./styles.css";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { ComponentType } from "preact";
import { boot } from "./boot";
import { reloadOnSeatLink } from "./seat-link";

type Route = { page: "home" } | { page: "game"; id: string } | { page: "missing" };

function route(path: string): Route {
  if (path === "/" || path === "/index.html") return { page: "home" };
  const m = /^\/g\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  if (m) return { page: "game", id: m[1]! };
  return { page: "missing" };
}

/** Each page is its own chunk: a game link never downloads the new-game form, and vice versa. */
function App() {
  const [r] = useState(() => route(location.pathname));
  const [started] = useState(() => (r.page === "game" ? boot(r.id) : null));
  const [Page, setPage] = useState<ComponentType<any> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const load = r.page === "home" ? import("./pages/Home") : r.page === "game" ? import("./pages/Game") : null;
    if (!load) return;
    load.then((m) => setPage(() => m.default)).catch(() => setFailed(true));
  }, []);
  if (r.page === "missing")
    return (
      <main class="page narrow">
        <h1>Not here</h1>
        <p>
          There is no page at this address. <a href="/">Start a game</a> or open the link in your email again.
        </p>
      </main>
    );
  if (failed)
    return (
      <main class="page narrow">
        <p class="error" role="alert">
          The page could not be loaded. Check your connection and reload.
        </p>
      </main>
    );
  if (!Page) return <p class="boot">Loading…</p>;
  return r.page === "game" ? <Page id={r.id} boot={started} /> : <Page />;
}

// a tapped notification sends an open tab to its seat link: only the hash changes, so read it again
reloadOnSeatLink();
render(<App />, document.getElementById("app")!);
