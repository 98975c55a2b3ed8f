/**
 * The layers the README promises, checked on the import lines of every source file:
 * worker/engine imports nothing outside itself; only worker/store touches drizzle or the
 * schema (all SQL lives there); worker/mail never imports worker/games, nor games the mail's
 * senders beyond the hand-over rows; worker/http runs no SQL; the page imports the worker
 * only for types or the bundled engine.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Every module a file imports, resolved to a path from the root when relative. */
function importsOf(file: string): { spec: string; target: string; typeOnly: boolean }[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const found: { spec: string; target: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)) {
    const spec = m[3]!;
    const target = spec.startsWith(".") ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec)) : spec;
    found.push({ spec, target, typeOnly: Boolean(m[2]) });
  }
  return found;
}

const inside = (target: string, dir: string) => target === dir || target.startsWith(`${dir}/`);

describe("layers", () => {
  it("worker/engine imports nothing outside worker/engine", () => {
    const bad = sources("worker/engine").flatMap((f) => importsOf(f).filter((i) => !inside(i.target, "worker/engine") && !i.target.startsWith("scenarios/")).map((i) => `${f} -> ${i.spec}`));
    expect(bad).toEqual([]);
  });

  it("only worker/store imports drizzle or the schema", () => {
    const bad = sources("worker")
      .filter((f) => !inside(f, "worker/store"))
      .flatMap((f) => importsOf(f).filter((i) => i.spec.startsWith("drizzle-orm") || inside(i.target, "worker/store/schema")).map((i) => `${f} -> ${i.spec}`));
    expect(bad).toEqual([]);
  });

  it("worker/mail never imports worker/games, and worker/games never imports worker/http", () => {
    const bad = [
      ...sources("worker/mail").flatMap((f) => importsOf(f).filter((i) => inside(i.target, "worker/games")).map((i) => `${f} -> ${i.spec}`)),
      ...sources("worker/games").flatMap((f) => importsOf(f).filter((i) => inside(i.target, "worker/http")).map((i) => `${f} -> ${i.spec}`)),
    ];
    expect(bad).toEqual([]);
  });

  it("the page takes from the worker only types and the bundled engine", () => {
    const bad = sources("web").flatMap((f) => importsOf(f).filter((i) => inside(i.target, "worker") && !i.typeOnly && !inside(i.target, "worker/engine")).map((i) => `${f} -> ${i.spec}`));
    expect(bad).toEqual([]);
  });
});
