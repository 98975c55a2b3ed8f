/**
 * A reinforcement-learning style environment over any of the five rulesets: reset(scenario,
 * seed), observation(seat) as a flat array, a legal-action mask over a fixed index space, and
 * step(index) with rewards and done. It plays the rules engine itself: the mask is `legal()`'s
 * list, a step is `apply()`, the dice come from the seed as the service derives them.
 */
import { DIRECTIONS, type Hex } from "../hex";
import { rulesets } from "../registry";
import type { Rng } from "../rng";
import { seededRngs, setupOrThrow } from "../bot-play";
import { isRuleError, type AnyRuleset, type Outcome, type Seat } from "../ruleset";
import { LAYOUTS, type ActionType, type Board, type Param, type RulesetLayout } from "./layout";

/** The observation's first values, in this order. */
export const HEADER_FIELDS = ["turn", "phase", "observer", "acting", "done", "seats"] as const;
/** Each piece's values after the header, in this order. */
export const PIECE_FIELDS = ["present", "hex", "seat", "mine", "value"] as const;

export interface ActionBlock {
  name: string;
  /** The first index of this type's block. */
  offset: number;
  size: number;
  params: { field: string; kind: Param["kind"]; size: number }[];
}

/** Everything a client needs to read observations and actions of one scenario. */
export interface EnvSpec {
  ruleset: string;
  scenario: string;
  seats: Seat[];
  phases: readonly string[];
  hexCount: number;
  pieces: { id: string; seat: Seat }[];
  headerFields: readonly string[];
  pieceFields: readonly string[];
  observationSize: number;
  actionCount: number;
  actions: ActionBlock[];
}

export interface StepResult {
  /** The seat that acted. */
  seat: Seat;
  /** By seat, in `spec.seats` order: +1 a winner, -1 a loser once the game is won, else 0. */
  rewards: number[];
  /** The acting seat's own reward. */
  reward: number;
  done: boolean;
}

type Action = { type: string; [field: string]: unknown };

function paramSize(p: Param, units: number, hexes: number): number {
  switch (p.kind) {
    case "unit":
      return units;
    case "unitOrNone":
      return units + 1;
    case "hex":
      return hexes;
    case "direction":
      return DIRECTIONS.length;
    case "number":
    case "listed":
      return p.max;
  }
}

const lastHex = (v: unknown): Hex => (Array.isArray(v) && Array.isArray(v[0]) ? (v[v.length - 1] as Hex) : (v as Hex));

export class Environment {
  readonly ruleset: AnyRuleset;
  private readonly layout: RulesetLayout<unknown>;
  private state: unknown = null;
  private dice: (step: number) => Rng = () => {
    throw new Error("reset() first");
  };
  private steps = 0;
  private spec_: EnvSpec | null = null;
  private board: Board | null = null;
  private pieceIndex = new Map<string, number>();
  private blocks = new Map<string, ActionBlock>();
  // the legal list of the seat to act, worked out once a state: its indices in legal()'s order, and the action at each
  private legalFor: unknown = null;
  private legal: number[] = [];
  private byIndex: (Action | undefined)[] = [];
  private mask = new Uint8Array(0);
  // each action type's block, and whether its indices count the choices of its type (a `listed` parameter)
  private blockOf = new Map<string, { block: ActionBlock; listed: boolean; unitAndHex: boolean }>();

  constructor(rulesetId: string) {
    const ruleset = rulesets.get(rulesetId);
    const layout = LAYOUTS[rulesetId] as RulesetLayout<unknown> | undefined;
    if (!ruleset || !layout) throw new Error(`unknown ruleset "${rulesetId}" (one of ${[...rulesets.keys()].join(", ")})`);
    this.ruleset = ruleset;
    this.layout = layout;
  }

  /** Starts a game of `scenario` from `seed` (the same seed, the same game for the same actions). */
  reset(scenario: string, seed: string, options: unknown = {}): EnvSpec {
    const parsed = this.ruleset.parseOptions(options);
    if (isRuleError(parsed)) throw new Error(`options refused: ${parsed.message}`);
    const seats = this.ruleset.seats(scenario, parsed);
    if (isRuleError(seats)) throw new Error(`scenario refused: ${seats.message}`);
    // the service's own derivations (bot-play.ts): the same seed makes the same game here as there
    this.state = setupOrThrow(this.ruleset, scenario, options, seed);
    this.dice = seededRngs(seed).dice;
    this.steps = 0;
    this.board = this.layout.board(this.state);
    const pieces = this.layout.pieces(this.state);
    this.pieceIndex = new Map(pieces.map((p, i) => [p.id, i]));
    this.blocks = new Map();
    let offset = 0;
    const blocks: ActionBlock[] = this.layout.actions.map((t: ActionType) => {
      const params = t.params.map((p) => ({ field: p.field, kind: p.kind, size: paramSize(p, pieces.length, this.board!.count) }));
      const size = params.reduce((n, p) => n * p.size, 1);
      const block = { name: t.name, offset, size, params };
      offset += size;
      this.blocks.set(t.name, block);
      return block;
    });
    if (this.mask.length === offset) {
      // the same index space as the last game (most often the same scenario again): cleared where it was set
      for (const i of this.legal) {
        this.mask[i] = 0;
        this.byIndex[i] = undefined;
      }
    } else {
      this.mask = new Uint8Array(offset);
      this.byIndex = new Array<Action | undefined>(offset).fill(undefined);
    }
    this.legal = [];
    this.blockOf = new Map(
      blocks.map((b) => [b.name, { block: b, listed: b.params.some((p) => p.kind === "listed"), unitAndHex: b.params.length === 2 && b.params[0]!.kind === "unit" && b.params[1]!.kind === "hex" }]),
    );
    this.legalFor = null;
    this.spec_ = {
      ruleset: this.ruleset.id,
      scenario,
      seats,
      phases: this.layout.phases,
      hexCount: this.board.count,
      pieces: pieces.map((p) => ({ id: p.id, seat: p.seat })),
      headerFields: HEADER_FIELDS,
      pieceFields: PIECE_FIELDS,
      observationSize: HEADER_FIELDS.length + PIECE_FIELDS.length * pieces.length,
      actionCount: offset,
      actions: blocks,
    };
    return this.spec_;
  }

  get spec(): EnvSpec {
    if (!this.spec_) throw new Error("reset() first");
    return this.spec_;
  }

  /** The engine's state (plain JSON), for anything the observation leaves out. */
  get current(): unknown {
    return this.state;
  }

  /** The seats that must act now ([] once the game is over); step() acts for the first. */
  toAct(): Seat[] {
    return this.ruleset.toAct(this.state);
  }

  /** Where the board hex of an observation's or an action's hex index is. */
  hexAt(index: number): Hex {
    return this.board!.hexAt(index);
  }

  observation(seat: Seat): Float64Array {
    const spec = this.spec;
    const out = new Float64Array(spec.observationSize);
    const observer = spec.seats.indexOf(seat);
    const acting = this.toAct()[0];
    out[0] = this.layout.turn(this.state);
    out[1] = spec.phases.indexOf(this.layout.phase(this.state));
    out[2] = observer;
    out[3] = acting === undefined ? -1 : spec.seats.indexOf(acting);
    out[4] = acting === undefined ? 1 : 0;
    out[5] = spec.seats.length;
    let k = HEADER_FIELDS.length;
    for (const p of this.layout.pieces(this.state)) {
      const seatIndex = spec.seats.indexOf(p.seat);
      out[k] = p.hex === null ? 0 : 1;
      out[k + 1] = p.hex === null ? -1 : this.board!.indexOf(p.hex);
      out[k + 2] = seatIndex;
      out[k + 3] = seatIndex >= 0 && seatIndex === observer ? 1 : 0;
      out[k + 4] = p.value;
      k += PIECE_FIELDS.length;
    }
    return out;
  }

  /** The index of an action of the seat to act in the fixed space; `ordinal` places a `listed` one. */
  indexOf(action: Action, ordinal = 0): number {
    return this.indexIn(this.layout.typeOf(action), action, ordinal);
  }

  private indexIn(name: string, action: Action, ordinal: number): number {
    const block = this.blocks.get(name);
    if (!block) throw new Error(`action type "${name}" has no place in the ${this.ruleset.id} index space`);
    let index = 0;
    let from: Hex | null = null;
    for (const p of block.params) {
      let v: number;
      switch (p.kind) {
        case "unit":
        case "unitOrNone": {
          const id = action[p.field];
          v = id === null && p.kind === "unitOrNone" ? p.size - 1 : (this.pieceIndex.get(String(id)) ?? -1);
          break;
        }
        case "hex":
          from = lastHex(action[p.field]);
          v = this.board!.indexOf(from);
          break;
        case "direction": {
          const to = lastHex(action[p.field]);
          v = from === null ? -1 : DIRECTIONS.findIndex((d) => from![0] + d[0] === to[0] && from![1] + d[1] === to[1]);
          break;
        }
        case "number":
          v = Number(action[p.field]);
          break;
        case "listed":
          v = ordinal;
          break;
      }
      if (!(v >= 0 && v < p.size)) throw new Error(`${name}: ${p.field} ${JSON.stringify(p.kind === "listed" ? ordinal : action[p.field])} is outside its ${p.size} values`);
      index = index * p.size + v;
    }
    return block.offset + index;
  }

  /** indexIn for the commonest shapes (no parameter; a unit and a hex) when every value is in range, else undefined. */
  private quickIndex(block: ActionBlock, unitAndHex: boolean, action: Action): number | undefined {
    const params = block.params;
    if (params.length === 0) return block.offset;
    if (!unitAndHex) return undefined;
    const unit = this.pieceIndex.get(action[params[0]!.field] as string) ?? -1;
    const hex = this.board!.indexOf(lastHex(action[params[1]!.field]));
    return unit >= 0 && unit < params[0]!.size && hex >= 0 && hex < params[1]!.size ? block.offset + unit * params[1]!.size + hex : undefined;
  }

  private refreshLegal(): void {
    if (this.legalFor === this.state) return;
    for (const i of this.legal) {
      this.mask[i] = 0;
      this.byIndex[i] = undefined;
    }
    this.legal = [];
    this.legalFor = this.state;
    const seat = this.toAct()[0];
    if (seat === undefined) return;
    let listedSoFar: Map<string, number> | null = null;
    const actions: Action[] = this.ruleset.legalActions ? this.ruleset.legalActions(this.state, seat) : this.ruleset.legal(this.state, seat).choices.map((c) => c.action);
    for (const action of actions) {
      const name = this.layout.typeOf(action);
      const info = this.blockOf.get(name);
      let ordinal = 0;
      if (info?.listed) {
        listedSoFar ??= new Map();
        ordinal = listedSoFar.get(name) ?? 0;
        listedSoFar.set(name, ordinal + 1);
      }
      const index = (info && this.quickIndex(info.block, info.unitAndHex, action)) ?? this.indexIn(name, action, ordinal);
      if (this.mask[index]) throw new Error(`two legal actions share index ${index}: ${JSON.stringify(this.byIndex[index])} and ${JSON.stringify(action)}`);
      this.byIndex[index] = action;
      this.mask[index] = 1;
      this.legal.push(index);
    }
  }

  /** 1 at the index of every action `legal()` lists for the seat to act, else 0 (read it before the next step). */
  legalMask(): Uint8Array {
    this.refreshLegal();
    return this.mask;
  }

  /** The legal indices, ascending order of `legal()`'s list. */
  legalIndices(): number[] {
    this.refreshLegal();
    return this.legal.slice();
  }

  /** The engine action behind a legal index. */
  actionAt(index: number): Action | undefined {
    this.refreshLegal();
    return index >= 0 && index < this.byIndex.length ? this.byIndex[index] : undefined;
  }

  /** Plays the legal action at `index` for the seat to act. */
  step(index: number): StepResult {
    const seat = this.toAct()[0];
    if (seat === undefined) throw new Error("the game is over: reset() to play another");
    const action = this.actionAt(index);
    if (!action) throw new Error(`action index ${index} is not legal now (${this.legal.length} legal actions for ${seat})`);
    const applied = this.ruleset.apply(this.state, seat, action, this.dice(this.steps));
    if (isRuleError(applied)) throw new Error(`the engine refused its own legal action ${JSON.stringify(action)}: ${applied.message}`);
    this.state = applied.state;
    this.steps++;
    const outcome = this.ruleset.outcome(this.state);
    const rewards = this.rewardsOf(outcome);
    return { seat, rewards, reward: rewards[this.spec.seats.indexOf(seat)] ?? 0, done: this.toAct().length === 0 };
  }

  private rewardsOf(outcome: Outcome | null): number[] {
    return this.spec.seats.map((s) => (outcome === null || outcome.result !== "win" ? 0 : outcome.winners.includes(s) ? 1 : -1));
  }
}
