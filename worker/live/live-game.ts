import { DurableObject } from "cloudflare:workers";

/** What a socket remembers across the object's hibernation. */
interface Attachment {
  /** The seat whose page this is; "" for a spectator. */
  seat: string;
  /** The seat's epoch the page's ticket was for: a link revoked since then makes it a stranger's. */
  epoch: number;
  /** The page is in front of its player (document.visibilityState). */
  visible: boolean;
  /**
   * The game's seq as the service last announced it (-1: not known). Kept on each socket, which
   * survives hibernation at no cost, so a page's safety look is answered without D1 (knownSeq).
   */
  seq?: number;
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
    // what the others were last told holds for the newcomer too; alone, it knows nothing yet
    const seq = this.knownSeq() ?? -1;
    this.ctx.acceptWebSocket(here, [seat === "" ? "spectator" : `seat:${seat}`]);
    here.serializeAttachment({ seat, epoch, visible: true, seq } satisfies Attachment);
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

  /**
   * The game's seq as last announced to the open pages, or null when it is not known (no page
   * open, or the last announcement did not know it). Every change of the game is announced, so
   * while a page is open this is the game's seq: a page's look costs no D1 read.
   */
  async seq(): Promise<number | null> {
    return this.knownSeq();
  }

  private knownSeq(): number | null {
    let known: number | null = null;
    for (const ws of this.ctx.getWebSockets()) {
      const seq = (ws.deserializeAttachment() as Attachment | null)?.seq;
      if (seq === undefined || seq < 0) return null;
      known = Math.max(known ?? seq, seq);
    }
    return known;
  }

  /** Tells every open page that the game moved; answers the seats whose visible page was told. */
  async announce(news: LiveNews): Promise<string[]> {
    const message = JSON.stringify({ type: "moved", seq: news.seq });
    const reached = new Set<string>();
    for (const ws of this.ctx.getWebSockets()) {
      try {
        const a = ws.deserializeAttachment() as Attachment | null;
        if (a) ws.serializeAttachment({ ...a, seq: news.seq } satisfies Attachment);
        ws.send(message);
        if (a && a.seat !== "" && a.visible) reached.add(a.seat);
      } catch {
        /* a socket closing meanwhile: its page reconnects and reloads */
      }
    }
    return [...reached];
  }
}
