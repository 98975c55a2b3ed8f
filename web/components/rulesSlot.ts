/**
 * A ruleset's rules on the page (its engine's apply and legal lists, the heavy part of its
 * code), loaded when the viewer first touches the page rather than with it: most openings of a
 * game link only look (whose move, what happened), and on a phone the engine would be a third of
 * what the page downloads. Until it arrives the page draws the position the server sent, says
 * what happened in the log's words, and holds the first tap or action until it can check it.
 */
export interface RulesSlot {
  /** The loaded rules module, or null until `load()` has resolved (a wrapper reads its part through `rulesAs`). */
  current: object | null;
  /** Starts loading once (later calls share it); a failed load may be tried again. */
  load(): Promise<object>;
  /**
   * Where the rules are: said once by the ruleset's page module, the one file that imports them
   * (the rules import the light modules that wrap them, which therefore cannot import the rules).
   */
  from(importer: () => Promise<object>): void;
}

export function rulesSlot(): RulesSlot {
  let importer: (() => Promise<object>) | null = null;
  let pending: Promise<object> | null = null;
  const slot: RulesSlot = {
    current: null,
    load: () =>
      (pending ??= (importer ? importer() : Promise.reject(new Error("this ruleset's page never said where its rules are"))).then(
        (m) => (slot.current = m),
        (e: unknown) => {
          pending = null;
          throw e;
        },
      )),
    from: (load) => {
      importer = load;
    },
  };
  return slot;
}

/** The loaded rules as the part `E` a wrapper needs of them (the page module checks the whole), or null until they come. */
export const rulesAs = <E>(slot: RulesSlot): E | null => slot.current as E | null;

/** What a ruleset's engine wrapper answers while its rules are still on their way. */
export const RULES_LOADING = { ok: false as const, code: "rules_loading", message: "The rules are still loading: try again in a moment." };

/** The first signs that the viewer is about to act: any of them starts loading the rules. */
export const TOUCH_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel"] as const;

/** Calls `then` once, at the viewer's first touch of the page; returns the way to stop listening. */
export function onFirstTouch(then: () => void): () => void {
  const fire = () => {
    stop();
    then();
  };
  const stop = () => TOUCH_EVENTS.forEach((t) => document.removeEventListener(t, fire, true));
  TOUCH_EVENTS.forEach((t) => document.addEventListener(t, fire, { capture: true, passive: true }));
  return stop;
}

/** The buttons whose click waits for the rules: the move's sheet and the replay card. */
const HELD = ".sheet button, .card.replay button";

/**
 * Holds a click on a button of the viewer's move (the sheet of the move, the replay card) made
 * before the rules came (what it does may depend on them: "End phase" asks first when units could
 * still move) and clicks it again once they are there and the page has drawn with them. One click
 * is held: more taps while it waits are swallowed (they would act twice). The game menu, the end
 * of a game and the map's own tools need no rules and are left alone. Returns the way to stop.
 */
export function holdClicks(slot: RulesSlot, load: () => Promise<unknown>): () => void {
  let waiting: HTMLButtonElement | null = null;
  const held = (e: MouseEvent) => {
    if (slot.current) return;
    const button = (e.target as Element | null)?.closest?.(HELD);
    if (!(button instanceof HTMLButtonElement)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (waiting) return;
    waiting = button;
    button.setAttribute("aria-busy", "true");
    const label = button.textContent;
    const again = () => {
      waiting = null;
      button.removeAttribute("aria-busy");
      // the page drawn with the rules may have put a new button in its place: the tap goes to that one
      const target = button.isConnected ? button : [...document.querySelectorAll<HTMLButtonElement>(HELD)].find((b) => b.textContent === label);
      if (target && !target.disabled) target.click();
    };
    // the page draws with the rules in a microtask after they land; the click comes after that
    void load().then(
      () => setTimeout(again, 0),
      () => {
        waiting = null;
        button.removeAttribute("aria-busy");
      },
    );
  };
  document.addEventListener("click", held, true);
  return () => document.removeEventListener("click", held, true);
}
