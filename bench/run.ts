// `npm run bench`: engine (warm and cold), service, mail and page figures; prints them and rewrites the
// results section of bench/README.md. Figures, never pass/fail: tests assert no timings.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { coldEngineText } from "./cold";
import { coldRequestBench, coldRequestText } from "./cold-request";
import { costTable } from "./cost";
import { startDevServer } from "./devserver";
import { engineBench } from "./engine";
import { baseline, fmt, table } from "./lib";
import { ratioBench, serviceBench } from "./service";

const only = process.argv[2];
const sections: string[] = [];
const when = new Date().toISOString().slice(0, 16).replace("T", " ");
sections.push(`Measured ${when} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}. Command: \`npm run bench\`.`);

const base = baseline();
sections.push(`Baseline for the ratios: ${base.name}, ${fmt(base.micros, 1)} µs.`);

if (!only || only === "engine") {
  const engine = engineBench();
  const text = `### Engine (pure TypeScript, Node)\n\n${table(engine.figures, base)}\n\n${engine.facts.map((f) => `- ${f}`).join("\n")}`;
  console.log(text + "\n");
  sections.push(text);
}

if (!only || only === "cold") {
  const text = `${coldEngineText()}\n\n${coldRequestText(await coldRequestBench())}`;
  console.log(text + "\n");
  sections.push(text);
}

let service: Awaited<ReturnType<typeof serviceBench>> | null = null;
if (!only || only === "service" || only === "mail") {
  const server = await startDevServer(8797);
  try {
    if (!only || only === "service") {
      service = await serviceBench(server);
      // a server of its own: nothing else's games or mail in its D1
      const ratioServer = await startDevServer(8796);
      const ratio = await ratioBench(ratioServer, { runs: 120 }).finally(() => ratioServer.stop());
      const u = service.usage;
      const h = service.handOverUsage;
      const text = [
        "### Service (`wrangler dev` on loopback, local D1, bounded load generator)",
        "",
        `- ${service.submissions} submissions by ${service.concurrency} concurrent clients in ${service.seconds.toFixed(1)} s: **${fmt(service.perSecond)} submissions/s** (one action each, the engine's bot choosing the German moves client-side).`,
        `- D1 per submission that keeps the seat on move (median, from D1's result meta): **${u.roundTrips} round trips, ${u.rowsRead} rows read, ${u.rowsWritten} rows written**.`,
        h ? `- D1 per submission that hands the turn over (writes the opponent's mail too): ${h.roundTrips} round trips, ${h.rowsRead} rows read, ${h.rowsWritten} rows written.` : "",
        "- What the rows are. Written by a submission that keeps the seat on move: the turn's row in `turns` (a WITHOUT ROWID table, so its primary key is the row and no second index entry is written) and the `games` row (only the columns that change; none of its partial indexes is touched while the deadline stays). A hand-over adds the opponent's `outbox` row (the row, keyed by its id in a WITHOUT ROWID table since migration 0013, and its `outbox_due` entry; a held mail's id begins with its game and seat since migration 0020, so it has no other entry) and moves the game's `games_due` timer entry. Read: the `games` row, one row per seat, and the turns of the current sitting (the mail at the hand-over lists them), plus the row the UPDATE checks.",
        `- D1 per game created: ${service.createUsage.roundTrips} round trips, ${service.createUsage.rowsRead} rows read, ${service.createUsage.rowsWritten} rows written.`,
        `- **A submission against a bare \`DB.batch()\` of the same rows** (POST /api/dev/bare-batch: the game's new state with the turn appended to its log's tail, hand-written SQL, nothing else), one after the other in one run, ${ratio.runs} pairs after a warm-up, order alternating: submission ${fmt(ratio.submissionMs, 2)} ms, bare batch ${fmt(ratio.bareBatchMs, 2)} ms (medians, client-side on loopback): **${fmt(ratio.ratio, 2)}×**. The submissions came from the isolate's copy of the game: ${ratio.usage.roundTrips} round trip, ${ratio.usage.rowsRead} rows read (the version check's look-up of the game row, and the row the UPDATE checks), ${ratio.usage.rowsWritten} rows written.`,
      ]
        .filter(Boolean)
        .join("\n");
      console.log(text + "\n");
      sections.push(text);
      sections.push(costTable(service));
    }
    if ((!only || only === "mail") && existsSync("bench/mail.ts")) {
      const mailModule = "./mail.ts"; // owned by the mail layer; optional until it exists
      const { mailBench } = (await import(mailModule)) as { mailBench: (s: typeof server) => Promise<string> };
      const text = await mailBench(server);
      console.log(text + "\n");
      sections.push(text);
    }
  } finally {
    await server.stop();
  }
}

if (only === "scale" || only === "scale-text") {
  // not in the full run (many minutes of its own): `npm run bench -- scale` replays the population and
  // keeps its counts in bench/scale-last.json; `scale-text` prints the projection from them again
  const { scaleBench } = await import("./scale");
  if (only === "scale") writeFileSync("bench/scale-last.json", JSON.stringify({ when, ...(await scaleBench()) }, null, 1) + "\n");
  const { scaleText } = await import("./scale-cost");
  console.log(scaleText(JSON.parse(readFileSync("bench/scale-last.json", "utf8"))) + "\n");
}

if (only === "mail-mix") {
  // not in the full run (a few minutes of its own): `npm run bench -- mail-mix`, printed only
  const { mailMixBench, mailMixText } = await import("./mail-mix");
  console.log(mailMixText(await mailMixBench(), when) + "\n");
}

if ((!only || only === "page") && existsSync("bench/page.mjs")) {
  // @ts-ignore: a plain ESM module owned by the page
  const { pageBench } = await import("./page.mjs");
  const text = (await pageBench()) as string;
  console.log(text + "\n");
  sections.push(text);
}

if (!only) {
  const readme = readFileSync("bench/README.md", "utf8");
  const start = "<!-- results:start -->";
  const end = "<!-- results:end -->";
  const before = readme.slice(0, readme.indexOf(start) + start.length);
  const after = readme.slice(readme.indexOf(end));
  writeFileSync("bench/README.md", `${before}\n\n${sections.join("\n\n")}\n\n${after}`);
  console.log("bench/README.md updated");
}
