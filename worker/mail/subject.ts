import type { MailKind, MailPayload } from "./payload";

/**
 * What the mail is, first, then the game's own subject: an inbox shows at a glance that it is
 * your move; the Message-ID headers still thread every mail of a game to a seat.
 */
export function mailSubject(row: { kind: string }, p: MailPayload): string {
  const game = p.subject.replace(/^\[hexpost\] /, "");
  const what = (): string => {
    switch (row.kind as MailKind) {
      case "invitation":
        return `${p.inviter ?? "Someone"} invites you`;
      case "your_turn":
        return p.collapsed ? `Your move (${p.collapsed} moves since you last looked)` : "Your move";
      case "choice_owed":
        return "A choice is owed";
      case "reminder":
        return "Reminder, your move";
      case "deadline":
        return p.isLate ? "Your time ran out" : `${(p.late ?? []).join(" and ") || "The other side"} ran out of time`;
      case "eliminated":
        return "You are out";
      case "game_over": {
        const o = p.outcome;
        if (!o) return "Game over";
        if (o.result === "draw") return "Game over: a draw";
        return o.winners.includes(p.seat) ? "Game over: you won" : "Game over: you lost";
      }
      case "digest":
        return `${(p.digest?.length ?? 0) === 1 ? "1 game awaits" : `${p.digest?.length ?? 0} games await`} your move`;
      case "your_link":
        return p.rematch ? "Your rematch" : "Your seat's link";
      case "rematch":
        return p.rematch?.what === "declined" ? "Rematch declined" : `${p.rematch?.by ?? "Someone"} asks for a rematch`;
      case "watching":
        return p.outcome !== undefined ? "Game over" : "The computer plays";
      case "pause":
        return { pause_proposed: "A pause is proposed", resume_proposed: "A resume is proposed", declined: "Proposal declined", paused: "Paused", resumed: "Resumed" }[p.pause?.what ?? "paused"];
      case "vacation":
        return p.vacation?.until ? `${p.vacation.by} is on vacation` : `${p.vacation?.by ?? "A player"} is back`;
      case "reply":
        return p.reply?.refused ? "Your reply did nothing" : "Your reply was played";
      case "my_games": {
        const yours = (p.myGames ?? []).filter((g) => g.yourMove).length;
        return yours ? `Your games (your move in ${yours})` : "Your games";
      }
    }
    return "";
  };
  const lead = cleanHeader(what());
  return row.kind === "digest" || row.kind === "my_games" ? `[hexpost] ${lead}` : `[hexpost] ${lead}: ${game}`;
}

const cleanHeader = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
