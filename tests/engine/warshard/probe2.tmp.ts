import { warshard } from "../../../worker/engine/warshard";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";
let s: any = warshard.setup("boot_camp", {}, rngFromSeed("x"));
for (let i = 0; i < 400 && warshard.toAct(s).length; i++) {
  const seat = warshard.toAct(s)[0]!;
  const a = warshard.bot(s, seat, rngFromSeed("b"));
  const r = warshard.apply(s, seat, a, rngFromSeed(`d${i}`));
  if (isRuleError(r)) throw new Error(r.message);
  console.log(seat, JSON.stringify(a));
  for (const e of r.events) console.log("   ", warshard.describe(e));
  s = r.state;
}
