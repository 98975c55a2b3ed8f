/** A seat as a player reads it: "german" is German, "p2" is Player 2. */
export function seatTitle(seat: string): string {
  const numbered = /^p(\d+)$/.exec(seat);
  if (numbered) return `Player ${numbered[1]}`;
  return seat.charAt(0).toUpperCase() + seat.slice(1).replace(/_/g, " ");
}
