/**
 * The page's live channel: one WebSocket to the game's LiveGame object. The server says
 * {"type":"moved","seq":n} when the game moves; the page tells it whether its player can see
 * it ("visible"/"hidden": a hidden page counts as away, so its seat gets push and mail). The
 * socket costs nothing while idle (the object hibernates, pings are answered without waking it).
 */
export interface LiveTicket {
  seat: string;
  epoch: number;
  expires: number;
  sig: string;
}

const PING_MS = 50_000;
const RETRY_MS = [2_000, 5_000, 15_000, 60_000];

export function liveUrl(gameId: string, ticket: LiveTicket): string {
  const base = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/games/${encodeURIComponent(gameId)}/live`;
  const q = new URLSearchParams({ seat: ticket.seat, epoch: String(ticket.epoch), expires: String(ticket.expires), sig: ticket.sig });
  return `${base}?${q}`;
}

/**
 * Opens the live channel and keeps it open while the page is shown; answers a function that
 * closes it. `ticket` gives the newest ticket (each read of the game brings a fresh one).
 */
export function openLive(gameId: string, ticket: () => LiveTicket, onMoved: (seq: number) => void, onOpen: (open: boolean) => void): () => void {
  if (typeof WebSocket === "undefined") return () => undefined;
  let ws: WebSocket | null = null;
  let closed = false;
  let failures = 0;
  let retry: number | undefined;
  let ping: number | undefined;
  const visibility = () => (document.visibilityState === "visible" ? "visible" : "hidden");

  const connect = () => {
    if (closed || ws) return;
    const socket = new WebSocket(liveUrl(gameId, ticket()));
    ws = socket;
    socket.onopen = () => {
      failures = 0;
      socket.send(visibility());
      onOpen(true);
      // only a shown page keeps its socket alive: a hidden one lets it lapse (the edge closes an
      // idle socket after about 100 s) and reconnects when it is shown, so it costs nothing meanwhile
      ping = window.setInterval(() => socket.readyState === WebSocket.OPEN && document.visibilityState === "visible" && socket.send("ping"), PING_MS);
    };
    socket.onmessage = (e) => {
      if (typeof e.data !== "string" || e.data === "pong") return;
      try {
        const news = JSON.parse(e.data) as { type?: string; seq?: number };
        if (news.type === "moved") onMoved(typeof news.seq === "number" ? news.seq : -1);
      } catch {
        /* not ours */
      }
    };
    socket.onclose = () => {
      window.clearInterval(ping);
      if (ws === socket) ws = null;
      onOpen(false);
      if (closed) return;
      // a hidden page reconnects when it is shown again
      if (document.visibilityState === "visible") retry = window.setTimeout(connect, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
    };
  };

  const shown = () => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(visibility());
    else if (document.visibilityState === "visible") {
      window.clearTimeout(retry);
      connect();
    }
  };
  document.addEventListener("visibilitychange", shown);
  connect();
  return () => {
    closed = true;
    document.removeEventListener("visibilitychange", shown);
    window.clearTimeout(retry);
    window.clearInterval(ping);
    ws?.close(1000, "page left");
  };
}
