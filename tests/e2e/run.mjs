#!/usr/bin/env node
// `npm run test:e2e`: starts the stack as `npm start` does (own free port, fresh local D1,
// DEV_MODE so games take a fixed seed), drives Debian's Chromium through playwright-core, keeps
// screenshots in tests/e2e/artifacts/; with UPDATE_README_SHOT=1 it copies one to
// docs/screenshot.png for the README.
// Prints "N passed, M failed" and exits non-zero on any failure; a test that fails is tried
// once more (E2E_RETRIES=0: never) and named FLAKY in the summary if it then passes.
//   node tests/e2e/run.mjs [name filter, "a|b" for either]     E2E_BASE=http://localhost:8787 to reuse a running stack
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { ARTIFACTS, ROOT, launchChromium, startStack } from "./lib.mjs";
import { twoHumans } from "./two-humans.mjs";
import { againstComputer } from "./computer.mjs";
import { pageChecks } from "./checks.mjs";
import { diceWars } from "./dicewars.mjs";
import { musket } from "./musket.mjs";
import { phoneTests } from "./phone.mjs";
import { commitTests } from "./commits.mjs";
import { warshardBootCamp, warshardGameOver, warshardTests } from "./warshard.mjs";
import { skirmish } from "./skirmish.mjs";
import { liveTests } from "./live.mjs";
import { sinceTests } from "./since.mjs";
import { skirmishByMail } from "./skirmish-mail.mjs";
import { watchTests } from "./watch.mjs";
import { pushTests } from "./push.mjs";
import { notifyTests } from "./notify.mjs";
import { httpTests } from "./http.mjs";
import { readingTests } from "./reading.mjs";
import { archiveTests } from "./archive.mjs";
import { layoutTests } from "./layout.mjs";
import { weightTests } from "./weight.mjs";
import { otherDeviceTests } from "./other-device.mjs";
import { resolveAllTests } from "./resolve-all.mjs";
import { strongTests } from "./strong.mjs";

const filter = process.argv[2] ?? "";
rmSync(ARTIFACTS, { recursive: true, force: true });
mkdirSync(ARTIFACTS, { recursive: true });

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
// the isolate's warm-up runs in workerd's global scope, which refuses streams, timers and I/O a
// Node test would allow: only `npm start`'s own log shows that it ran whole
test("npm start: the isolate's warm-up runs without an error", async ({ serverOutput }) => {
  if (!serverOutput) return;
  const refused = serverOutput().split("\n").filter((line) => /warm-up/i.test(line) && /error/i.test(line));
  if (refused.length > 0) throw new Error(`the warm-up failed:\n${refused.join("\n")}`);
});
pageChecks(test);
phoneTests(test);
readingTests(test);
layoutTests(test);
weightTests(test);
commitTests(test);
strongTests(test);
otherDeviceTests(test);
resolveAllTests(test);
twoHumans(test);
againstComputer(test);
diceWars(test);
musket(test);
warshardTests(test);
warshardBootCamp(test);
warshardGameOver(test);
skirmish(test);
liveTests(test);
sinceTests(test);
skirmishByMail(test);
watchTests(test);
pushTests(test);
notifyTests(test);
archiveTests(test);
// last: were a 413 to stall the connection again, the tests after it would wait behind it
httpTests(test);

let stack = null;
let browser = null;
let passed = 0;
let failed = 0;
/** Tests that passed only when tried again. */
const flaky = [];
const RETRIES = Number(process.env.E2E_RETRIES ?? 1);
const started = Date.now();
try {
  if (process.env.E2E_BASE) stack = { url: process.env.E2E_BASE, stop: async () => {} };
  else {
    process.stdout.write("starting the stack (migrations, vite build, wrangler dev)… ");
    stack = await startStack();
    console.log(`up at ${stack.url}`);
  }
  browser = await launchChromium();
  const ctx = { base: stack.url, browser, shared: {}, serverOutput: stack.output };
  let broken = null;
  for (const t of tests) {
    if (filter && !filter.split("|").some((f) => t.name.includes(f))) continue;
    const t0 = Date.now();
    let firstError = null;
    for (let attempt = 0; ; attempt++) {
      try {
        if (broken && t.needs && broken.has(t.needs)) throw new Error(`skipped: "${t.needs}" failed`);
        await t.fn(ctx);
        passed++;
        const again = firstError ? `, passed on try ${attempt + 1}: FLAKY, first failure: ${firstError}` : "";
        if (again) flaky.push(t.name);
        console.log(`ok    ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s${again})`);
        break;
      } catch (e) {
        const text = String(e?.stack ?? e).split("\n").slice(0, 6).join("\n      ");
        // a browser test that failed is tried again once, and named FLAKY in the summary if it
        // then passes (one whose first try changed what the second needs fails again): a
        // failure twice in a row fails the run
        if (attempt < RETRIES && !String(e).startsWith("Error: skipped")) {
          firstError ??= text.split("\n")[0];
          console.log(`again ${t.name}: ${text}`);
          continue;
        }
        failed++;
        console.log(`FAIL  ${t.name}\n      ${text}`);
        break;
      }
    }
  }
} catch (e) {
  failed++;
  console.log(`FAIL  setup\n      ${String(e?.stack ?? e)}`);
} finally {
  await browser?.close().catch(() => {});
  await stack?.stop();
}

const readmeShot = path.join(ARTIFACTS, "04-german-combat.png");
/** The README's other pictures: a phone, and a battle of each newer ruleset. */
const README_SHOTS = [
  ["41-phone-moscow-battle.png", "phone.png"],
  ["30-warshard-04-defence-preview.png", "warshard.png"],
  ["30-musket-2-aim-fire.png", "musket.png"],
  ["42-skirmish-attack-preview.png", "skirmish.png"],
];
// Only on request: a test run must not leave a tracked file changed behind it.
if (process.env.UPDATE_README_SHOT && failed === 0 && existsSync(readmeShot)) {
  mkdirSync(path.join(ROOT, "docs"), { recursive: true });
  copyFileSync(readmeShot, path.join(ROOT, "docs/screenshot.png"));
  for (const [from, to] of README_SHOTS) if (existsSync(path.join(ARTIFACTS, from))) copyFileSync(path.join(ARTIFACTS, from), path.join(ROOT, "docs", to));
}
console.log(`\nscreenshots: ${path.relative(ROOT, ARTIFACTS)}/  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(`${passed} passed, ${failed} failed${flaky.length ? `; FLAKY (passed when tried again): ${flaky.join("; ")}` : ""}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
