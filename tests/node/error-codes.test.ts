/** One wire convention: the service's error codes and the rules' codes never share a name. */
import { describe, expect, it } from "vitest";
import { rulesets } from "../../worker/engine/registry";
import { COMMON_ERROR_CODES } from "../../worker/engine/ruleset";
import { SERVICE_ERROR_CODES } from "../../worker/games/errors";
import { duel } from "../rulesets/duel";

describe("error codes", () => {
  it("service codes are disjoint from the common rule codes and every ruleset's own", () => {
    const service = new Set<string>(SERVICE_ERROR_CODES);
    for (const ruleset of [...rulesets.values(), duel]) {
      const rules = [...COMMON_ERROR_CODES, ...ruleset.errorCodes];
      expect(rules.filter((code) => service.has(code)), ruleset.id).toEqual([]);
    }
  });

  it("every code is snake_case", () => {
    for (const code of [...SERVICE_ERROR_CODES, ...COMMON_ERROR_CODES]) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
