import type { Env } from "../env";
import type { Outcome } from "../engine/ruleset";
import { blockLink, digestUnsubscribeLink, exportLink, gamePage, seatLink, unsubscribeLink } from "./links";
import { seatTitle } from "./names";
import { menuLines, type MailMenu } from "./menu";
import { payloadOf, type MailKind, type MailPayload, type PlayerInfo } from "./payload";
import { replyAddress } from "./reply-address";
import { mailSubject } from "./subject";
import { type Block, type Inline, renderHtml, renderText } from "./render";

/** An outbox row as the drain reads it. */
export interface MailRow {
  id: string;
  gameId: string | null;
  seat: string | null;
  kind: string;
  recipient: string;
  payload: Record<string, unknown>;
  createdAt: number;
}

export interface Composed {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The seat link in the mail, if any (the dev mailbox prints it). */
  link: string | null;
}

const HOUR = 3_600_000;
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mon 24 Nov, 12:00 UTC": players live in every time zone, so say which one. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

export function formatDuration(ms: number): string {
  const hours = Math.max(0, Math.round(ms / HOUR));
  if (hours < 1) return "less than an hour";
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.round(hours / 24);
  return `${days} days`;
}

const timeControl = (hours: number | null | undefined) =>
  hours === null || hours === undefined ? "No time limit: take as long as you like." : `Each turn has ${hours === 168 ? "a week" : `${hours} hours`}.`;

/** The domain Message-IDs are minted under: the sender's. */
function messageIdHost(env: Env): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(env.MAIL_FROM);
  if (m) return m[1]!.toLowerCase();
  try {
    return new URL(env.APP_URL).hostname;
  } catch {
    return "hexpost.invalid";
  }
}

const safeId = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, "_");

/**
 * Threading: the first mail a seat gets from a game (its invitation or own link) is the
 * thread's root; every later mail of that game to that seat replies to it.
 */
export function threadHeaders(env: Env, row: MailRow): Record<string, string> {
  const host = messageIdHost(env);
  if (!row.gameId || !row.seat || row.kind === "digest") return { "Message-ID": `<${safeId(row.id)}@${host}>` };
  const root = `<game.${safeId(row.gameId)}.${safeId(row.seat)}@${host}>`;
  if (row.kind === "invitation" || row.kind === "your_link") return { "Message-ID": root };
  return { "Message-ID": `<${safeId(row.id)}@${host}>`, "In-Reply-To": root, References: root };
}

function outcomeLine(outcome: Outcome | null | undefined, p: MailPayload): string {
  if (!outcome) return "The game is over.";
  const names = outcome.winners.map((w) => p.players?.find((x) => x.seat === w)?.name ?? w);
  const reason =
    outcome.reason === "timeout"
      ? " on time (the other side let the deadline pass)"
      : outcome.reason === "resignation"
        ? " by resignation"
        : outcome.reason
          ? ` (${outcome.reason.replace(/_/g, " ")})`
          : "";
  if (outcome.result === "draw") return `The game ended in a draw${reason}.`;
  const you = outcome.winners.includes(p.seat);
  if (you) return `You won${reason}. Well played!`;
  // in a two-seat game a resignation's loser is the one who resigned
  if (outcome.reason === "resignation" && (p.players?.length ?? 0) <= 2) return `You resigned; ${names.join(" and ")} won.`;
  return `${names.join(" and ")} won${reason}.`;
}


const sideOf = (p: MailPayload) => {
  const title = (seat: string) => p.players?.find((x) => x.seat === seat)?.title ?? seatTitle(seat);
  const named = (x: PlayerInfo) => (x.name === title(x.seat) ? x.name : `${x.name} (${title(x.seat)})`);
  const others = (p.players ?? []).filter((x) => x.seat !== p.seat).map((x) => (x.bot ? `${x.name} (the computer, ${title(x.seat)})` : named(x)));
  return `You play ${title(p.seat)}${others.length ? `, against ${others.join(", ")}` : ""}.`;
};

function eventsList(p: MailPayload, heading: string): Block[] {
  if (!p.lines || p.lines.length === 0) return [];
  return [{ p: [heading] }, { list: p.lines, ...(p.moreLines ? { more: `${p.moreLines} earlier lines are on the game page.` } : {}) }];
}

function undeliverableNotes(p: MailPayload): Block[] {
  if (!p.undeliverable || p.undeliverable.length === 0) return [];
  const who = p.undeliverable.join(" and ");
  return [
    {
      note: [
        `Mail to ${who} bounced or was refused, so they get no mail from us. If it is their move, tell them yourself, or claim a timeout once their deadline passes.`,
      ],
    },
  ];
}

function deadlineLine(p: MailPayload): Block[] {
  return p.deadline ? [{ p: [`Move by ${formatTime(p.deadline)}.`] }] : [];
}

/** The menu to answer by reply, where the mail has one and its address could be made. */
function menuBlocks(menu: MailMenu | undefined, replyTo: string | null): Block[] {
  if (!menu || !replyTo) return [];
  const how = menu.kind === "turn" ? 'Or answer by replying to this mail with a number, or several in order ("1 3"), or a choice\'s words:' : "Or answer by replying to this mail with 1 or 2:";
  return [{ p: [how] }, { menu: menuLines(menu) }];
}

/** One template per kind: the blocks of the mail, rendered to text and HTML alike. */
async function template(env: Env, row: MailRow, p: MailPayload, link: string | null, replyTo: string | null = null): Promise<Block[]> {
  const title = p.rulesetTitle ?? "a game";
  const kind = row.kind as MailKind;
  switch (kind) {
    case "invitation": {
      const scenario = p.scenarioTitle ? ` (${p.scenarioTitle})` : "";
      const first = p.toAct ? "You move first." : p.toActNames?.length ? `${p.toActNames.join(" and ")} moves first; we will mail you when it is your turn.` : "";
      return [
        { h: `${p.inviter ?? "Someone"} invites you to play ${title}` },
        { p: [`${p.inviter ?? "Someone"} started a game of ${title}${scenario} on hexpost and gave you a seat. ${sideOf(p)}`] },
        { p: [`${timeControl(p.hoursPerTurn)} ${first}`] },
        ...eventsList(p, "The computer has already moved:"),
        { button: { label: p.toAct ? "Open the game and move" : "Open the game", url: link! } },
        { small: ["This link is your seat: anyone who has it can play for you, so keep this mail to yourself."] },
        {
          small: [
            "Not interested? Ignore this mail. Never want a hexpost invitation again? ",
            { label: "Don't invite me again", url: await blockLink(env, row.gameId!, row.seat!) },
            ".",
          ],
        },
      ];
    }
    case "your_link":
      return [
        { h: p.rematch ? `Your rematch of ${title} is ready` : `Your game of ${title} is ready` },
        ...(p.rematch ? [{ p: [`Everyone asked to play again (${p.rematch.by} last), so here is a new game with a new seed, everyone one seat on.`] }] : []),
        { p: [`${sideOf(p)} ${timeControl(p.hoursPerTurn)}${(p.players ?? []).some((x) => x.seat !== p.seat && !x.bot) ? " We have invited the other players." : ""}`] },
        { p: [p.toAct ? "You move first." : `${p.toActNames?.join(" and ") || "The other side"} moves first; we will mail you when it is your turn.`] },
        { button: { label: "Open the game", url: link! } },
        { small: ["Keep this mail: the link is your seat, from any device. Anyone who has it can play for you."] },
        {
          small: [
            "Did not start this game? Someone may have used your address. ",
            { label: "Don't invite me to hexpost games again", url: await blockLink(env, row.gameId!, row.seat!) },
            ".",
          ],
        },
      ];
    case "your_turn":
      return [
        { h: `Your move in ${title}` },
        ...(p.collapsed ? [{ p: [`${p.collapsed} moves were handed to you since you last looked; this one mail says all of them.`] }] : []),
        ...eventsList(p, "What happened:"),
        ...undeliverableNotes(p),
        ...deadlineLine(p),
        { button: { label: "Make your move", url: link! } },
        ...menuBlocks(p.menu, replyTo),
      ];
    case "choice_owed":
      return [
        { h: `A choice is owed in ${title}` },
        { p: [`In the middle of the other side's turn, the game needs your answer: ${p.owed ?? "a choice"}.`] },
        ...eventsList(p, "What led to it:"),
        ...deadlineLine(p),
        { p: ["Set a standing order on the game page and choices like this one are answered for you at once."] },
        { button: { label: "Answer now", url: link! } },
        ...menuBlocks(p.menu, replyTo),
      ];
    case "reminder": {
      const left = p.deadline ? formatDuration(p.deadline - row.createdAt) : "";
      return [
        { h: `Reminder: it is your move in ${title}` },
        { p: [`About ${left} left: the deadline is ${formatTime(p.deadline!)}. After that, the other side may claim the game by timeout.`] },
        ...undeliverableNotes(p),
        { button: { label: "Make your move", url: link! } },
        // the same seat link, asking the page to open its vacation switch
        { small: ["Going away? ", { label: "Put this game on vacation", url: `${link!}&do=vacation` }, ": your clock stops, up to 14 days in all."] },
      ];
    }
    case "deadline": {
      const late = (p.late ?? []).join(" and ");
      const consequence = p.claim === "win" ? "win the game on time" : "hand the late seat to the computer so the game goes on";
      if (p.isLate) {
        return [
          { h: `Your time in ${title} ran out` },
          {
            p: [
              `The deadline for your move passed at ${formatTime(p.deadline!)}. The other side may now claim a timeout and ${p.claim === "win" ? "win the game" : "hand your seat to the computer"}. Until someone does, you can still move.`,
            ],
          },
          { button: { label: "Move now", url: link! } },
        ];
      }
      return [
        { h: `${late || "The other side"} ran out of time in ${title}` },
        { p: [`${late || "They"} did not move by the deadline (${formatTime(p.deadline!)}). You may claim a timeout on the game page and ${consequence}, or keep waiting.`] },
        ...undeliverableNotes(p),
        { button: { label: "Open the game", url: link! } },
      ];
    }
    case "eliminated":
      return [
        { h: `You are out of ${title}` },
        { p: ["Your last territory fell. The game goes on without you; we will mail you the result when it ends."] },
        ...eventsList(p, "What happened:"),
        { button: { label: "Watch the game", url: link! } },
      ];
    case "game_over": {
      const blocks: Block[] = [
        { h: `Game over: ${title}` },
        { p: [outcomeLine(p.outcome, p)] },
        ...eventsList(p, "The last moves:"),
      ];
      if (p.seed) {
        blocks.push({
          p: [
            `The dice were drawn from a secret seed, published now: ${p.seed}. Its SHA-256 was shown from the start, so anyone can replay the game and check every roll (`,
            { label: "the game's record", url: exportLink(env, row.gameId!) },
            ").",
          ],
        });
      }
      blocks.push({ button: { label: "Watch the replay", url: gamePage(env, row.gameId!) } });
      return blocks;
    }
    case "rematch": {
      const n = p.rematch!;
      return n.what === "offered"
        ? [
            { h: `${n.by} asks for a rematch` },
            { p: [`${n.by} would like to play ${title} again, everyone one seat on${(p.players?.length ?? 0) === 2 ? " (you swap sides)" : ""}. It starts when every player has asked for it.`] },
            { button: { label: "Play again", url: link! } },
            ...menuBlocks(p.menu, replyTo),
          ]
        : [{ h: `${n.by} declined the rematch` }, { p: [`${n.by} does not want to play ${title} again just now.`] }, { button: { label: "Open the game", url: link! } }];
    }
    case "watching":
      if (p.outcome !== undefined) {
        return [
          { h: `Game over: ${title}` },
          { p: [outcomeLine(p.outcome, p)] },
          ...eventsList(p, "The last moves:"),
          { button: { label: "Watch the replay", url: link! } },
        ];
      }
      return [
        { h: `The computer is playing ${title}` },
        { p: [`Every seat of this game${p.scenarioTitle ? ` (${p.scenarioTitle})` : ""} is played by the computer. Watch it move on its page; we will mail you once more, when it ends.`] },
        { button: { label: "Watch the game", url: link! } },
      ];
    case "pause": {
      const n = p.pause!;
      const until = n.until ? formatTime(n.until) : "";
      const say: Record<typeof n.what, [string, string]> = {
        pause_proposed: [`${n.by} proposes a pause`, `${n.by} proposes to pause ${title} until ${until}. While it is paused the clocks stand still: no deadline passes and nobody can claim a timeout. It starts when every player agrees.`],
        resume_proposed: [`${n.by} proposes to resume`, `${n.by} proposes to end the pause of ${title} now. The clocks run again when every player agrees.`],
        declined: [`${n.by} declined`, `${n.by} declined the proposal: nothing changes.`],
        paused: [`${title} is paused`, `Everyone agreed: the game is paused until ${until}, and its clocks stand still until then.`],
        resumed: [`${title} resumes`, "Everyone agreed: the pause is over and the clocks run again."],
      };
      const [h, text] = say[n.what];
      const asks = n.what === "pause_proposed" || n.what === "resume_proposed";
      return [{ h }, { p: [text] }, { button: { label: asks ? "Agree or decline" : "Open the game", url: link! } }, ...(asks ? menuBlocks(p.menu, replyTo) : [])];
    }
    case "vacation": {
      const v = p.vacation!;
      return v.until
        ? [
            { h: `${v.by} is on vacation` },
            { p: [`${v.by} stopped their clock in ${title} until ${formatTime(v.until)}. Their deadline moves by as much, and nobody can claim their timeout meanwhile. You can still move when it is your turn.`] },
            { button: { label: "Open the game", url: link! } },
          ]
        : [{ h: `${v.by} is back` }, { p: [`${v.by} ended their vacation in ${title}: their clock runs again.`] }, { button: { label: "Open the game", url: link! } }];
    }
    case "reply": {
      const r = p.reply ?? { done: [] };
      if (r.refused) return [{ h: `Your reply to ${title} did nothing` }, { p: [r.refused] }, { button: { label: "Open the game", url: link! } }, ...menuBlocks(p.menu, replyTo)];
      return [
        { h: `Your reply to ${title} was played` },
        { p: ["You chose:"] },
        { list: r.done },
        ...eventsList(p, "What happened:"),
        ...(p.menu ? [{ p: ["It is still your move."] }] : []),
        { button: { label: "Open the game", url: link! } },
        ...menuBlocks(p.menu, replyTo),
      ];
    }
    case "my_games": {
      const blocks: Block[] = [{ h: "Your games on hexpost" }, { p: ["You asked for the games this address plays. Each link is your seat: keep this mail to yourself."] }];
      for (const g of p.myGames ?? []) {
        const state =
          g.status === "finished"
            ? "finished"
            : g.yourMove
              ? `your move${g.deadline ? `, by ${formatTime(g.deadline)}` : ""}`
              : `waiting for ${g.waitingFor.join(" and ") || "nobody"}`;
        blocks.push({ p: [`${g.rulesetTitle} #${g.gameId.slice(0, 4)}, you play ${seatTitle(g.seat)}: ${state}.`] });
        blocks.push({ button: { label: g.yourMove ? "Make your move" : "Open", url: await seatLink(env, g.gameId, g.seat, g.epoch, row.recipient) } });
      }
      const everywhere = p.addressChannels ?? [];
      blocks.push({
        p: [
          everywhere.length
            ? `Notifications for all your games: ${everywhere.map((c) => `${c.kind === "push" ? "push to a device" : `${c.kind} webhook`} (${c.target})${c.disabled ? ", switched off after failing" : ""}`).join("; ")}. Change them in any game's Notifications settings.`
            : "No notifications reach you for all your games but mail: add a push device or a webhook for all your games in any game's Notifications settings.",
        ],
      });
      return blocks;
    }
    case "digest": {
      const entries = p.digest ?? [];
      const blocks: Block[] = [
        { h: entries.length === 1 ? "A game is waiting for your move" : `${entries.length} games are waiting for your move` },
        { p: ["Your daily hexpost digest. Open a game to move:"] },
      ];
      for (const e of entries) {
        blocks.push({ p: [e.subject.replace(/^\[hexpost\] /, ""), e.deadline ? ` (move by ${formatTime(e.deadline)})` : ""] });
        blocks.push({ button: { label: "Open", url: await seatLink(env, e.gameId, e.seat, e.epoch, row.recipient) } });
      }
      return blocks;
    }
  }
  return [{ p: ["(unknown message)"] }];
}

async function footer(env: Env, row: MailRow, p: MailPayload, unsubscribe: string | null): Promise<Block[]> {
  const lines: Inline[][] = [];
  if (row.kind === "watching") {
    lines.push([
      "You get this because someone (you, we hope) started this game on hexpost and gave this address to follow it: two mails, its start and its end. Did not ask? ",
      { label: "Don't mail me again", url: await blockLink(env, row.gameId!, row.seat!) },
      ".",
    ]);
  } else if (row.kind === "my_games") {
    lines.push(["You get this because someone (you, we hope) asked hexpost for the games of this address. Did not ask? Ignore it: nothing else follows."]);
  } else if (row.kind === "digest") {
    lines.push(["You get one digest a day because you chose it for your games on hexpost. Change it on any game page, or ", { label: "unsubscribe from digests", url: unsubscribe! }, "."]);
  } else {
    lines.push([`You get this because you play in "${p.subject.replace(/^\[hexpost\] /, "")}" on hexpost.`]);
    lines.push(["Mail every turn, a daily digest, or none: change it on the game page. ", { label: "Unsubscribe from this game's turn mails", url: unsubscribe! }, "."]);
  }
  return lines.map((small) => ({ small }));
}


/** Turns a frozen outbox row into the message to send. Pure formatting: same row, same mail. */
export async function composeMail(env: Env, row: MailRow): Promise<Composed> {
  const p = payloadOf(row);
  // a watcher holds no seat: the game's public page, and no turn mails to unsubscribe from
  const watching = row.kind === "watching";
  const link = watching ? gamePage(env, row.gameId!) : row.gameId && row.seat && row.kind !== "digest" ? await seatLink(env, row.gameId, row.seat, p.epoch ?? 0, row.recipient) : null;
  const unsubscribe =
    row.kind === "digest" ? await digestUnsubscribeLink(env, row.recipient) : row.gameId && row.seat && !watching ? await unsubscribeLink(env, row.gameId, row.seat) : null;
  const subject = mailSubject(row, p);
  const replyTo = p.menu && row.gameId && row.seat ? await replyAddress(env, { kind: p.menu.kind, gameId: row.gameId, seat: row.seat, seq: p.menu.seq }, p.epoch ?? 0) : null;
  const blocks = await template(env, row, p, link, replyTo);
  const foot = await footer(env, row, p, unsubscribe);
  const headers: Record<string, string> = { ...threadHeaders(env, row) };
  // only where the mail shows the menu: a reply elsewhere would reach nobody who reads it
  if (replyTo && blocks.some((b) => "menu" in b)) headers["Reply-To"] = replyTo;
  if (unsubscribe) {
    headers["List-Unsubscribe"] = `<${unsubscribe}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return {
    from: env.MAIL_FROM,
    to: row.recipient,
    subject,
    text: renderText(blocks, foot),
    html: renderHtml(subject, blocks, foot),
    headers,
    link,
  };
}
