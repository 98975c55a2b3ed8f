/**
 * Where the log this browser holds for a game ends, kept beside the log (components/useGameLog.ts)
 * so that the page's first read, started before the page's code is loaded (boot.ts), can ask for
 * what follows without parsing the log.
 */
export const endKey = (gameId: string) => `hexpost:logend:${gameId}`;

/** The held log's last seq (0: none held, or storage blocked). */
export function heldLogEnd(gameId: string): number {
  try {
    const end = Number(localStorage.getItem(endKey(gameId)));
    return Number.isInteger(end) && end > 0 ? end : 0;
  } catch {
    return 0;
  }
}
