// Battle for Moscow's German played through the API by the engine's own bot, client-side, against
// the server's computer Soviet (a bench's real log, a browser test's position). Actions go in
// batches as the page sends them: a die roll ends its batch, as the service requires.
import { tsImport } from "tsx/esm/api";
import { api } from "./stack.mjs";

/**
 * Plays until `stopBefore(game)` says so before a batch, or `after(state, action)` answers "stop"
 * after adding an action (that batch is sent, then the play stops); "send" only ends the batch.
 * Answers the game as the API then gives it.
 */
export async function playGerman(base, id, token, { seed = "german", stopBefore = () => false, after = () => null } = {}) {
  const { moscow } = await tsImport("../worker/engine/moscow/index.ts", import.meta.url);
  const { rngFromSeed } = await tsImport("../worker/engine/rng.ts", import.meta.url);
  const rng = rngFromSeed(seed);
  let g = await api(base, "GET", `/api/games/${id}`, undefined, token);
  for (let guard = 0; guard < 5000 && g.status === "active" && !stopBefore(g); guard++) {
    if (g.botsWaiting) {
      // the computer plays a few actions per request; like the page, ask it to go on
      await api(base, "POST", `/api/games/${id}/continue`, {}, token);
      g = await api(base, "GET", `/api/games/${id}`, undefined, token);
      continue;
    }
    let state = g.state;
    const batch = [];
    let next = null;
    for (;;) {
      const action = moscow.bot(state, "german", rng);
      batch.push(action);
      if (action.type === "resolve_battle") break;
      const r = moscow.apply(state, "german", action, rng);
      if (!r.ok) throw new Error(`bot action refused: ${r.message}`);
      state = r.state;
      next = after(state, action, g);
      if (next || !moscow.toAct(state).includes("german")) break;
    }
    const res = await api(base, "POST", `/api/games/${id}/actions`, { seq: g.seq, actions: batch }, token);
    g = { ...g, ...res, turn: res.state.turn, phase: res.state.phase };
    if (next === "stop") break;
  }
  return api(base, "GET", `/api/games/${id}`, undefined, token);
}
