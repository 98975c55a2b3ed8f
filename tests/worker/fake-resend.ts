/** vitest globalSetup (Node side): the fake Resend API (scripts/fake-resend.ts) up before the Worker tests, down after. */
import { createFakeResend } from "../../scripts/fake-resend";

export { createFakeResend, FAKE_RESEND_PORT } from "../../scripts/fake-resend";

export default async function setup() {
  const fake = createFakeResend();
  await fake.listen();
  return async () => {
    await fake.close();
  };
}
