/** Issue 29's figures held: no import circle and no arrow up the layers (scripts/architecture.ts, README's architecture section). */
import { describe, expect, it } from "vitest";
import { architecture } from "../../scripts/architecture";

describe("the house's layers", () => {
  const found = architecture();

  it("reads the worker and the page", () => {
    expect(found.files).toBeGreaterThan(300);
  });

  it("has no import circle in worker/ or web/", () => {
    expect(found.circles).toEqual([]);
  });

  it("has no import from a lower layer to a higher one", () => {
    expect(found.upward).toEqual([]);
  });
});
