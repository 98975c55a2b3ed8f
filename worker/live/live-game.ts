import { DurableObject } from "cloudflare:workers";

/** What a socket remembers across the object's hibernation. */
interface Attachment {
  /** The seat whose page this is; "" for a spectator. */
  seat: string;
  /** The seat's epoch the page's ticket was for: a link revoked since then makes it a stranger's. */
  epoch: number;
  /** The page is in front of its player (document.visibilityState). */
  visible: boolean;
}

/** A page in front of its player. */
export interface PresentSeat {
  seat: string;
  epoch: number;
}

/** What the page is told: the game moved to `seq`; it fetches what it lacks. */
export interface LiveNews {
  seq: number;
}

/**
 * One per game that has a page open: it holds the open pages' WebSockets and nothing else.
 * The sockets are hibernatable (ctx.acceptWebSocket): while nothing happens the object is
 * evicted from memory and bills no duration, and the pages' keep-alive pings are answered by
 * the runtime without waking it. It wakes for a page that connects or changes visibility,
 * for the service asking who is looking, and for the service announcing a move.
 */
export class LiveGame extends DurableObject {
  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** A page's WebSocket; the Worker checked its ticket and names the seat in X-Live-Seat. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("expected a WebSocket", { status: 426 });
    const seat = request.headers.get("X-Live-Seat") ?? "";
    const epoch = Number(request.headers.get("X-Live-Epoch") ?? "0") || 0;
    const [page, here] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(here, [seat === "" ? "spectator" : `seat:${seat}`]);
    here.serializeAttachment({ seat, epoch, visible: true } satisfies Attachment);
    return new Response(null, { status: 101, webSocket: page });
  }

  /** The page says whether its player can see it: "visible" or "hidden". */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message !== "visible" && message !== "hidden") return;
    const was = ws.deserializeAttachment() as Attachment;
    ws.serializeAttachment({ ...was, visible: message === "visible" } satisfies Attachment);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "bye");
    } catch {
      /* already closed */
    }
  }

  /** The seats whose page is open and in front of them now, with the epoch each page's ticket was for. */
  async present(): Promise<PresentSeat[]> {
    const seats: PresentSeat[] = [];
    for (const ws of this.ctx.getWebSockets()) {
      const a = ws.deserializeAttachment() as Attachment | null;
      if (a && a.seat !== "" && a.visible) seats.push({ seat: a.seat, epoch: a.epoch ?? 0 });
    }
    return seats;
  }

  /** Tells every open page that the game moved; answers the seats whose visible page was told. */
  async announce(news: LiveNews): Promise<string[]> {
    const message = JSON.stringify({ type: "moved", seq: news.seq });
    const reached = new Set<string>();
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(message);
        const a = ws.deserializeAttachment() as Attachment | null;
        if (a && a.seat !== "" && a.visible) reached.add(a.seat);
      } catch {
        /* a socket closing meanwhile: its page reconnects and reloads */
      }
    }
    return [...reached];
  }
}
