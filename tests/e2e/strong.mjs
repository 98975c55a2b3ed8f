// The computer's level on the home form (issue 28 item 2): on a phone, the computer's seat
// offers "strong", and the game made with it has a strong seat.
import { api, assert, newPage, shot, PHONE } from "./lib.mjs";

export function strongTests(test) {
  test("home: the computer's seat can be made strong, on a phone", async ({ base, browser }) => {
    const page = await newPage(browser, PHONE);
    await page.goto(base + "/");
    await page.getByRole("radio", { name: /Operation Typhoon/ }).check();
    await page.getByLabel("Your name").fill("Strongtest");
    await page.getByRole("radio", { name: "the computer" }).check();
    const level = page.getByLabel("The computer's strength");
    assert((await level.inputValue()) === "standard", "the computer's level should start at standard");
    await level.selectOption("strong");
    assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, "the form scrolls sideways");
    await shot(page, "70-strong-level");
    await page.getByRole("button", { name: "Start the game" }).click();
    const link = await page.locator(".save-link").getByLabel("Your seat's link").inputValue();
    const id = link.match(/\/g\/([a-z0-9]+)#/)?.[1];
    assert(id, `no game id in the link "${link}"`);
    const game = await api(base, "GET", `/api/games/${id}`);
    const computer = game.seats.find((s) => s.bot);
    assert(computer?.level === "strong", `the computer's seat is ${JSON.stringify(computer)}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
