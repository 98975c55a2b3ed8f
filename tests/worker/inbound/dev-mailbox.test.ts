/** The dev mailbox offers a Reply box on each mail with a menu, posting to the local email handler. */
import { describe, expect, it } from "vitest";
import { api, testClock } from "../helpers";
import { createMoscow } from "../play";

const clock = testClock();
const client = api({ now: clock.now });

describe("the dev mailbox's Reply box", () => {
  it("appears on a mail with a menu (a pause proposal), with its Reply-To, and the page's script posts to /cdn-cgi/handler/email", async () => {
    const { id, soviet } = await createMoscow(client, { seed: "dev-reply-box" });
    expect((await client.post(`/api/games/${id}/pause`, { until: clock.now() + 25 * 86_400_000 }, soviet)).status).toBe(200);
    const page = await client.get("/dev/mail?limit=5");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<form class="reply"[^>]*data-from="hans@example.com" data-to="play\+p\.[^"]+@hexpost\.test"/);
    expect(page.body).toContain("/cdn-cgi/handler/email?from=");
    const nonce = /script-src 'nonce-([0-9a-f]+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    expect(page.body).toContain(`<script nonce="${nonce}">`);
  });
});
