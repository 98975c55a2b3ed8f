/**
 * The layers README.md ("How it is built") promises, checked on the source text of every file
 * (node, no build): worker/engine imports nothing outside itself (scenario data aside); only
 * worker/store imports drizzle-orm or the schema; worker/mail never imports worker/games;
 * worker/games never imports worker/http; worker/http runs no SQL.
 * Runs with `npm run test:engine` (and so `npm test`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const self = path.relative(root, import.meta.filename);

/** Every .ts/.tsx file under a folder, as a path from the root. */
function sources(dir: string): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|cts)$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((f) => f !== self && !f.includes("node_modules/"));
}

interface Import {
  spec: string;
  /** A relative import resolved to a path from the root (no extension); a package name as is. */
  target: string;
}

/**
 * The module specifiers a source text imports or re-exports: static imports (with or without
 * bindings, `type` or not, over several lines), `export ... from`, `import("...")` and `require("...")`.
 */
function importSpecs(text: string): string[] {
  const specs: string[] = [];
  // import x from "m"; import { a, type b } from "m"; import * as n from "m"; import "m"; export { a } from "m"; export * from "m"
  for (const m of text.matchAll(/^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[\w$*\s{},]+?\s+from\s*)?["']([^"'\n]+)["']/gm)) specs.push(m[1]!);
  for (const m of text.matchAll(/\b(?:import|require)\s*\(\s*["']([^"'\n]+)["']\s*\)/g)) specs.push(m[1]!);
  return specs;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(path.join(root, file), "utf8");
  return importSpecs(text).map((spec) => ({
    spec,
    target: spec.startsWith(".") ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec)).split(path.sep).join("/") : spec,
  }));
}

const inside = (target: string, dir: string) => target === dir || target.startsWith(`${dir}/`);
const isDrizzle = (i: Import) => i.spec === "drizzle-orm" || i.spec.startsWith("drizzle-orm/");
const isSchema = (i: Import) => i.target.replace(/\.(js|ts)$/, "") === "worker/store/schema";

/** `file -> spec` for each import of the files that breaks the rule. */
function offences(files: string[], bad: (i: Import, file: string) => boolean): string[] {
  return files.flatMap((f) => importsOf(f).filter((i) => bad(i, f)).map((i) => `${f} -> ${i.spec}`));
}

/** Raw D1 calls (`db.prepare(...)`, `.batch(...)`) or drizzle's sql`` template in a source text. */
const rawSql = /\.(?:prepare|batch)\s*\(|\bsql\s*`|\bsql\.raw\s*\(/;

describe("the import scanner", () => {
  it("sees every form of import", () => {
    const text = [
      `import { eq, and } from "drizzle-orm";`,
      `import type {\n  GameRow,\n  SeatRow,\n} from "../store/schema";`,
      `import * as games from "../games/load";`,
      `import "./side-effect";`,
      `export { x } from "../http/app";`,
      `export * from '../games/errors';`,
      `const m = await import("../games/export");`,
      `export const notAnImport = "from here";`,
      ` * import nope from "a comment"`,
    ].join("\n");
    expect(importSpecs(text)).toEqual(["drizzle-orm", "../store/schema", "../games/load", "./side-effect", "../http/app", "../games/errors", "../games/export"]);
  });
});

describe("layers", () => {
  it("finds the source files", () => {
    expect(sources("worker/engine").length).toBeGreaterThan(10);
    expect(sources("worker/store")).toContain("worker/store/schema.ts");
    expect(sources("worker/mail").length).toBeGreaterThan(3);
    expect(sources("worker/games").length).toBeGreaterThan(3);
    expect(sources("worker/http").length).toBeGreaterThan(3);
  });

  it("worker/engine imports nothing outside worker/engine (only scenario data from scenarios/)", () => {
    const bad = offences(sources("worker/engine"), (i) => !inside(i.target, "worker/engine") && !(inside(i.target, "scenarios") && i.target.endsWith(".json")));
    expect(bad).toEqual([]);
  });

  it("only worker/store imports drizzle-orm or the schema (worker/, tests/, bench/, scripts/)", () => {
    const files = ["worker", "tests", "bench", "scripts"].flatMap(sources).filter((f) => !inside(f, "worker/store"));
    expect(offences(files, (i) => isDrizzle(i) || isSchema(i))).toEqual([]);
  });

  it("the benches import nothing from tests/ (the bot loop is worker/engine/bot-play.ts; the stack and the fake Resend are in scripts/)", () => {
    const scripts = readdirSync(path.join(root, "bench")).filter((f) => f.endsWith(".mjs")).map((f) => `bench/${f}`);
    expect(offences([...sources("bench"), ...scripts], (i) => inside(i.target, "tests"))).toEqual([]);
  });

  it("worker/mail never imports worker/games", () => {
    expect(offences(sources("worker/mail"), (i) => inside(i.target, "worker/games"))).toEqual([]);
  });

  it("worker/games never imports worker/http", () => {
    expect(offences(sources("worker/games"), (i) => inside(i.target, "worker/http"))).toEqual([]);
  });

  it("worker/http runs no SQL: no drizzle, no schema, no raw D1 calls (it calls worker/store's functions)", () => {
    const files = sources("worker/http");
    const imports = offences(files, (i) => isDrizzle(i) || isSchema(i));
    const raw = files.filter((f) => rawSql.test(readFileSync(path.join(root, f), "utf8"))).map((f) => `${f} runs SQL`);
    expect([...imports, ...raw]).toEqual([]);
  });

  it("no SQL outside worker/store: no raw D1 calls or sql`` in the rest of worker/", () => {
    const files = sources("worker").filter((f) => !inside(f, "worker/store") && !inside(f, "worker/engine"));
    expect(files.filter((f) => rawSql.test(readFileSync(path.join(root, f), "utf8"))).map((f) => `${f} runs SQL`)).toEqual([]);
  });

  it("the page takes from the worker only types and the bundled engine", () => {
    const bad = sources("web").flatMap((f) => {
      const text = readFileSync(path.join(root, f), "utf8");
      return [...text.matchAll(/^[ \t]*(import|export)\s+(type\s+)?[^;]*?from\s*["']([^"'\n]+)["']/gms)]
        .filter((m) => !m[2] && m[3]!.startsWith("."))
        .map((m) => ({ spec: m[3]!, target: path.relative(root, path.resolve(path.dirname(path.join(root, f)), m[3]!)).split(path.sep).join("/") }))
        .filter((i) => inside(i.target, "worker") && !inside(i.target, "worker/engine"))
        .map((i) => `${f} -> ${i.spec}`);
    });
    expect(bad).toEqual([]);
  });
});
