import { readFileSync } from "node:fs";
import { verifyExport, type GameExport } from "../worker/play/verify";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run verify -- <export.json>   (from GET /api/games/:id/export)");
  process.exit(2);
}
const record = JSON.parse(readFileSync(file, "utf8")) as GameExport;
const verdict = await verifyExport(record);
if (verdict.ok) {
  console.log(`verified: ${record.ruleset} game ${record.id}, ${verdict.turns} turns, ${verdict.actions} actions; every die and the final state match the seed`);
} else {
  console.error(`NOT verified: ${record.ruleset} game ${record.id}`);
  for (const p of verdict.problems) console.error(`- ${p}`);
  process.exit(1);
}
