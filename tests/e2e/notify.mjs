// The notifications panel (web/components/Notify.tsx) on a phone, from the game menu: a json
// webhook to a sink on 127.0.0.1 (dev mode accepts http there) is added, tested and removed, its
// secret checks the signature the sink received, and the hold time reaches the server.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { PHONE, api, assert, mailboxLink, newPage, openGame, shot } from "./lib.mjs";

/** A webhook receiver: records every request; a path under /down answers 500. */
async function startSink() {
  const received = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(req.url.startsWith("/down") ? 500 : 200, { "content-type": "text/plain" });
      res.end(req.url.startsWith("/down") ? "sink is down" : "ok");
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, received, close: () => new Promise((r) => server.close(r)) };
}

/** Every visible control of the panel is at least 44 px tall, and nothing is wider than the phone. */
async function phoneSized(page) {
  const small = await page.$$eval(".notify button, .notify select, .notify input[type=url], .notify-toggle", (els) =>
    els
      .filter((e) => e.getBoundingClientRect().width > 0)
      .filter((e) => e.getBoundingClientRect().height < 44)
      .map((e) => `${e.tagName} "${e.textContent?.trim()}" ${e.getBoundingClientRect().height}px`),
  );
  assert(small.length === 0, `controls under 44 px: ${small.join(", ")}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the page is ${width} px wide on a 390 px phone`);
}

export function notifyTests(test) {
  test("notify: a json webhook added, tested (signed body, 'Sent') and removed, the mail's hold set, on a phone", async ({ base, browser }) => {
    const sink = await startSink();
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans", email: "hans@e2e.test" }, soviet: { name: "Olga", email: "olga@e2e.test" } },
      creator: "german",
      seed: "hexpost-e2e-notify",
    });
    const token = g.you.token;
    const page = await newPage(browser, PHONE);
    try {
      // opened from the creator's own mail, as a player would: its link proves the address, for
      // the webhook "for all my games" below (the create's answer alone does not)
      await openGame(page, await mailboxLink(page, base, "hans@e2e.test", g.id));
      await page.getByText("Game settings").click();
      const entry = page.getByRole("button", { name: /^Notifications/ });
      // the menu's controls load when it is first opened
      await entry.first().waitFor({ timeout: 5000 }).catch(() => {});
      assert((await entry.count()) > 0, "the game menu has no Notifications entry");
      await entry.click();
      const panel = page.locator("section.notify");
      await panel.getByRole("heading", { name: "Notifications" }).waitFor();
      // localhost is a secure context and dev mode has VAPID keys: this device may subscribe
      await panel.getByRole("button", { name: "Notify me on this device" }).waitFor();
      await panel.getByText("Nowhere yet.").waitFor();

      // a refusal is said next to the field it is about
      await panel.locator(".notify-add select").selectOption("json");
      await panel.getByLabel("URL").fill("ftp://127.0.0.1/hook");
      await panel.getByRole("button", { name: "Add", exact: true }).click();
      const refusal = await panel.locator(".notify-field-error").innerText();
      assert(/must be an http:\/\/ or https:\/\/ URL/.test(refusal), `the refusal says: ${refusal}`);

      await panel.getByLabel("URL").fill(`${sink.url}/hook/${g.id}`);
      await panel.getByRole("button", { name: "Add", exact: true }).click();
      const secret = (await panel.locator(".notify-secret code").innerText()).trim();
      assert(/^whk_[\w-]{20,}$/.test(secret), `the secret shown: ${secret}`);
      const item = panel.locator(".notify-item[data-kind=json]", { hasText: "this game" });
      const line = await item.locator("p").first().innerText();
      assert(line.includes(new URL(sink.url).host) && line.includes("this game"), `the channel reads: ${line}`);
      assert((await panel.locator(".notify-field-error").count()) === 0, "the refusal stayed after the channel was added");

      await item.getByRole("button", { name: "Send a test" }).click();
      await item.getByRole("status").filter({ hasText: /^Sent$/ }).waitFor();
      const [got, ...more] = sink.received;
      assert(got && more.length === 0, `the sink received ${sink.received.length} requests`);
      const timestamp = got.headers["x-hexpost-timestamp"];
      const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${got.body}`).digest("hex")}`;
      assert(got.headers["x-hexpost-signature"] === expected, `signature ${got.headers["x-hexpost-signature"]}, expected ${expected}`);
      const { type, notice } = JSON.parse(got.body);
      assert(type === "hexpost.notice" && notice.kind === "test" && notice.gameId === g.id, `the body: ${got.body}`);
      assert(notice.url.includes(`/g/${g.id}#t=`), `the notice's link: ${notice.url}`);

      // a receiver that fails: the reason is shown; "for all my games" serves the address
      await panel.locator(".notify-add select").selectOption("json");
      await panel.getByLabel("URL").fill(`${sink.url}/down/${g.id}`);
      await panel.getByText("For all my games").click();
      await panel.getByRole("button", { name: "Add", exact: true }).click();
      const everywhere = panel.locator(".notify-item", { hasText: "all my games" });
      await everywhere.getByRole("button", { name: "Send a test" }).click();
      const failed = await everywhere.getByRole("status").filter({ hasText: /^Not sent/ }).innerText();
      assert(/HTTP 500/.test(failed), `the failed test says: ${failed}`);

      await panel.locator(".notify-hold select").selectOption("60");
      await panel.getByText("Saved.").waitFor();
      assert((await api(base, "GET", `/api/games/${g.id}/channels`, undefined, token)).holdMinutes === 60, "the hold did not reach the server");
      await phoneSized(page);
      await panel.scrollIntoViewIfNeeded();
      await shot(page, "50-notify-phone");

      await item.getByRole("button", { name: "Remove" }).click();
      await everywhere.getByRole("button", { name: "Remove" }).click();
      await panel.getByText("Nowhere yet.").waitFor();
      const after = await api(base, "GET", `/api/games/${g.id}/channels`, undefined, token);
      assert(after.channels.length === 0, `left on the server: ${JSON.stringify(after.channels)}`);
      // the ftp:// URL's refusal above is the one failed request the browser logs
      const refused = page.problems.filter((p) => /status of 400/.test(p));
      const others = page.problems.filter((p) => !/status of 400/.test(p));
      assert(refused.length === 1 && others.length === 0, page.problems.join("\n"));
    } finally {
      await page.context().close();
      await sink.close();
    }
  });
}
