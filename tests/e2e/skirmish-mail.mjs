// The skirmish by mail between two people, on phones (390x844): Ann creates a game on the home
// page, whose "Activations in a row" offers 2 between people (1 when the computer plays); then
// each side plays its rows of two activations from the link of its newest mail in the dev
// mailbox (/dev/mail), its page closed in between. Each activation is sent as it ends; a
// hand-over writes one turn mail, after the row's second activation, none after its first
// (worker/engine/skirmish/VARIANTS.md).
import { activate } from "./live.mjs";
import { api, assert, hud, mailboxLink, newPage, openGame, shot, PHONE } from "./lib.mjs";

const outbox = async (base, id) => (await (await fetch(`${base}/api/dev/outbox?game=${id}&limit=200`)).json()).mails;
const turnMails = async (base, id, to) => (await outbox(base, id)).filter((m) => m.kind === "your_turn" && m.to === to);

/** The select's value once the page has settled on it (an effect sets it after the seats change). */
async function settlesOn(select, value) {
  for (let i = 0; i < 50 && (await select.inputValue()) !== value; i++) await new Promise((r) => setTimeout(r, 100));
  return select.inputValue();
}

/** Waits until the game's seq has moved past `seq` (the page's sending has been committed). */
async function movedPast(base, id, seq) {
  for (let i = 0; i < 100; i++) {
    const game = await api(base, "GET", `/api/games/${id}`);
    if (game.seq > seq) return game;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the game did not move past seq ${seq}`);
}

export function skirmishByMail(test) {
  test("skirmish by mail: two people, 2 activations in a row, each row played from the seat's own mail (390x844)", async ({ base, browser }) => {
    const tag = Date.now().toString(36);
    const who = { attacker: { name: "Ann", email: `ann.${tag}@example.com` }, defender: { name: "Bo", email: `bo.${tag}@example.com` } };
    const page = await newPage(browser, PHONE);
    await page.route("**/api/games", async (route) => {
      const req = route.request();
      if (req.method() !== "POST") return route.continue();
      await route.continue({ postData: JSON.stringify({ ...JSON.parse(req.postData() ?? "{}"), seed: `by-mail-${tag}` }) });
    });
    await page.goto(base + "/");
    await page.getByRole("radio", { name: /Skirmish/ }).check();
    await page.getByRole("radio", { name: /Clash at the Farm/ }).check();
    const row = page.getByLabel("Activations in a row");
    assert((await settlesOn(row, "2")) === "2", `between two people the form offers ${await row.inputValue()} activations in a row, not 2`);
    await page.getByRole("radio", { name: "the computer" }).check();
    assert((await settlesOn(row, "1")) === "1", "against the computer the form does not offer the rules as written (1)");
    await page.getByRole("radio", { name: "a person, by email" }).check();
    assert((await settlesOn(row, "2")) === "2", "back to two people, the form does not offer 2 again");
    await page.getByLabel("You play").selectOption("attacker");
    await page.getByLabel("Your name").fill(who.attacker.name);
    await page.getByLabel("Your email").fill(who.attacker.email);
    await page.getByLabel("Their name").fill(who.defender.name);
    await page.getByLabel("Their email").fill(who.defender.email);
    await row.scrollIntoViewIfNeeded();
    await shot(page, "skirmish-mail-01-create");
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForURL(/\/g\/[a-z0-9]+/);
    const id = new URL(page.url()).pathname.split("/g/")[1];
    await page.context().close();

    let game = await api(base, "GET", `/api/games/${id}`);
    assert(game.toAct.length === 1, `not one seat to act: ${game.toAct}`);
    let rows = 0;
    let handOvers = 0;
    for (; rows < 4 && game.status === "active"; rows++) {
      const seat = game.toAct[0];
      const other = seat === "attacker" ? "defender" : "attacker";
      if (rows > 0) {
        const mails = await turnMails(base, id, who[seat].email);
        assert(mails.length >= 1, `the ${seat} had no turn mail after the other side's row`);
      }
      // the seat's newest mail, as the dev mailbox shows it, on the phone
      const seatPage = await newPage(browser, PHONE);
      const link = await mailboxLink(seatPage, base, who[seat].email, id);
      if (rows === 1) await shot(seatPage, "skirmish-mail-02-mailbox");
      await openGame(seatPage, link);
      assert((await seatPage.locator(".topbar").innerText()).toLowerCase().includes(`you play ${seat}`), `the ${seat}'s mail does not open the ${seat}'s seat`);
      assert((await hud(seatPage, "In a row")).startsWith("0 of 2"), `a row does not start at 0 of 2: ${await hud(seatPage, "In a row")}`);
      const otherMailsBefore = (await turnMails(base, id, who[other].email)).length;

      // the row's first activation: sent as it ends, and the turn stays here
      await activate(seatPage);
      game = await movedPast(base, id, game.seq);
      if (game.status !== "active") break;
      assert(game.toAct[0] === seat, `after one activation of a row of two the ${game.toAct[0]} is to act`);
      assert((await hud(seatPage, "In a row")).startsWith("1 of 2"), `after one activation the page says ${await hud(seatPage, "In a row")}`);
      assert(/pick a model/i.test(await seatPage.locator(".card.act").innerText()), "the row's second activation is not offered");
      assert((await turnMails(base, id, who[other].email)).length === otherMailsBefore, "a turn mail went to the other side after the first activation of a row");
      if (rows === 0) await shot(seatPage, "skirmish-mail-03-one-of-two");
      // the second: the turn passes, the row is sent, the other side gets one mail
      await activate(seatPage);
      game = await movedPast(base, id, game.seq);
      if (game.status !== "active") break;
      assert(game.toAct[0] === other, `after a row of two the ${game.toAct[0]} is to act`);
      handOvers++;
      const otherMails = await turnMails(base, id, who[other].email);
      assert(otherMails.length === otherMailsBefore + 1, "the hand-over did not write exactly one turn mail");
      // that one mail tells the whole row: both activations, the one sent first too
      const activated = otherMails[0].text.match(/\b[ab]\d activates\b/g) ?? [];
      assert(activated.length >= 2, `the turn mail does not tell both activations of the row: ${otherMails[0].text}`);
      await seatPage.waitForSelector(".card.wait");
      assert(seatPage.problems.length === 0, seatPage.problems.join("\n"));
      await seatPage.context().close();
    }
    assert(handOvers >= 3, `only ${handOvers} hand-overs in ${rows} rows`);
  });
}
