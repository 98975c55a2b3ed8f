/**
 * A square counter drawn at (0,0): the unit's id on top, its symbol in the middle
 * (infantry: crossed box, armour: oval) and strength-movement at the bottom. A half-strength
 * counter is drawn as the flipped side: paler, with a band. Colours come from CSS by side.
 */
export interface CounterProps {
  id: string;
  side: string;
  kind: "infantry" | "panzer" | string;
  strength: number;
  movement: number;
  half?: boolean;
  /** Extra CSS classes: "selected", "moved", "target", "dim"... */
  cls?: string;
  /** Counter edge in map units. */
  size: number;
}

export function Counter({ id, side, kind, strength, movement, half, cls, size }: CounterProps) {
  const a = size / 2;
  const sw = size * 0.46;
  const sh = size * 0.26;
  const sy = -size * 0.1;
  return (
    <g class={`counter side-${side}${half ? " half" : ""}${cls ? ` ${cls}` : ""}`}>
      <rect class="counter-body" x={-a} y={-a} width={size} height={size} rx={size * 0.08} />
      {half && <rect class="counter-band" x={-a} y={-a + size * 0.02} width={size} height={size * 0.13} />}
      <text class="counter-id" x={0} y={-a + size * 0.27}>
        {id}
      </text>
      <rect class="counter-symbol" x={-sw / 2} y={sy - sh / 2} width={sw} height={sh} />
      {kind === "panzer" ? (
        <ellipse class="counter-mark" cx={0} cy={sy} rx={sw * 0.32} ry={sh * 0.3} />
      ) : (
        <path class="counter-mark" d={`M${-sw / 2} ${sy - sh / 2}L${sw / 2} ${sy + sh / 2}M${sw / 2} ${sy - sh / 2}L${-sw / 2} ${sy + sh / 2}`} />
      )}
      <text class="counter-values" x={0} y={a - size * 0.1}>
        {strength}-{movement}
      </text>
    </g>
  );
}
