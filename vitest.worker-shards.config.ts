// The Worker tests with two D1 shards (vitest.worker.config.ts, SHARDED_TESTS): `npm run test:worker` runs both.
process.env.HEXPOST_TEST_SHARDS = "2";
export default (await import("./vitest.worker.config")).default;
