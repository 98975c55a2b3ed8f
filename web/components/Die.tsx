/** A die face in SVG (fonts on phones and Linux often lack the ⚀-⚅ glyphs). */
const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

export function Die({ value, size = 44 }: { value: number | null; size?: number }) {
  return (
    <svg class={`die${value === null ? " none" : ""}`} width={size} height={size} viewBox="0 0 40 40" role="img" aria-label={value === null ? "no die rolled" : `die: ${value}`}>
      <rect x="2" y="2" width="36" height="36" rx="7" class="die-face" />
      {value === null ? (
        <line x1="12" y1="20" x2="28" y2="20" class="die-none" />
      ) : (
        (PIPS[value] ?? []).map(([cx, cy], i) => <circle key={i} cx={cx * 10} cy={cy * 10} r="3.6" class="die-pip" />)
      )}
    </svg>
  );
}

/** Small media-control icons for the replay. */
export function Icon({ name }: { name: "first" | "prev" | "next" | "play" | "pause" }) {
  const d = {
    // play is one triangle; a step is a triangle against a bar, the first step two triangles against it
    first: "M3 4h3v16H3zM14 4v16L6 12zM22 4v16l-8-8z",
    prev: "M5 4h3v16H5zM20 4v16L9 12z",
    next: "M4 4v16l11-8zM16 4h3v16h-3z",
    play: "M6 3v18l14-9z",
    pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  }[name];
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" class="icon">
      <path d={d} />
    </svg>
  );
}
