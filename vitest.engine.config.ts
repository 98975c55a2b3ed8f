import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/engine/**/*.test.ts", "tests/node/**/*.test.ts"],
    testTimeout: 120_000,
  },
});
