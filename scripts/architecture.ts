/**
 * The architecture's figures, reproducible: `npx tsx scripts/architecture.ts` (add `--json` for
 * a machine's reading). It reads the import statements of worker/ and web/ (static imports,
 * `export ... from`, `import()`, type-only ones included: a type import ties two files as
 * surely for a reader) and prints
 *   - import circles: strongly connected groups of files (Tarjan), each with its size;
 *   - arrows that climb back up: imports from a lower layer to a higher one (LAYERS below);
 *   - web lines per ruleset: the lines of web/rulesets/<id>/ beside the shared page.
 * It exits 0 whatever it finds: the figures are for the README, the layer test enforces rules.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js"];

/**
 * The house's layers, lowest first: a file may import its own layer or any lower one. The
 * worker's parts follow the README ("How it is built"); the page sits above the worker, whose
 * engine it bundles and whose types it reads.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["worker/engine"],
  ["worker/env.ts", "worker/auth.ts"],
  ["worker/store"],
  ["worker/play", "worker/notify", "worker/mail", "worker/live"],
  ["worker/deps.ts"],
  // the cron is a service run like a request's: resume bots, write timers, drain mail
  ["worker/games", "worker/cron.ts"],
  ["worker/inbound", "worker/http"],
  ["worker/warm-up.ts", "worker/index.ts"],
  ["web"],
];

function sources(dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((f) => !f.includes("node_modules/") && !f.startsWith("web/dist/"));
}

function importSpecs(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[\w$*\s{},]+?\s+from\s*)?["']([^"'\n]+)["']/gm)) specs.push(m[1]!);
  for (const m of text.matchAll(/\b(?:import|require)\s*\(\s*["']([^"'\n]+)["']\s*\)/g)) specs.push(m[1]!);
  return specs;
}

/** A relative specifier resolved to one of the known files, or null (a package, JSON, CSS...). */
function resolve(from: string, spec: string, known: ReadonlySet<string>): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.relative(root, path.resolve(path.dirname(path.join(root, from)), spec)).split(path.sep).join("/");
  for (const candidate of [base, ...EXTENSIONS.map((e) => base.replace(/\.(js|mjs)$/, "") + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

const layerOf = (file: string): number => LAYERS.findIndex((parts) => parts.some((p) => file === p || file.startsWith(`${p}/`)));

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length);
}

const lines = (file: string) => readFileSync(path.join(root, file), "utf8").split("\n").length;

export function architecture() {
  const files = [...sources("worker"), ...sources("web")];
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  const upward: string[] = [];
  for (const file of files) {
    const targets = importSpecs(readFileSync(path.join(root, file), "utf8")).flatMap((spec) => {
      const target = resolve(file, spec, known);
      return target ? [target] : [];
    });
    graph.set(file, targets);
    for (const t of targets) if (layerOf(t) > layerOf(file)) upward.push(`${file} -> ${t}`);
  }
  const rulesetDirs = readdirSync(path.join(root, "web/rulesets")).filter((d) => statSync(path.join(root, "web/rulesets", d)).isDirectory());
  const perRuleset = Object.fromEntries(rulesetDirs.map((d) => [d, sources(`web/rulesets/${d}`).reduce((n, f) => n + lines(f), 0)]));
  const shared = sources("web").filter((f) => !f.startsWith("web/rulesets/") || !rulesetDirs.some((d) => f.startsWith(`web/rulesets/${d}/`)));
  return {
    files: files.length,
    circles: circles(graph),
    upward,
    webLinesPerRuleset: perRuleset,
    webSharedLines: shared.reduce((n, f) => n + lines(f), 0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const a = architecture();
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(a, null, 2));
  } else {
    console.log(`files read: ${a.files} (worker/, web/)`);
    console.log(`import circles: ${a.circles.length}`);
    for (const c of a.circles) console.log(`  ${c.length} files: ${c.slice(0, 6).join(", ")}${c.length > 6 ? ", ..." : ""}`);
    console.log(`arrows that climb back up: ${a.upward.length}`);
    for (const u of a.upward) console.log(`  ${u}`);
    console.log(`web lines per ruleset: ${Object.entries(a.webLinesPerRuleset).map(([id, n]) => `${id} ${n}`).join(", ")} (shared page: ${a.webSharedLines})`);
  }
}
