// Another device without surprises (issue 25 item 3), on a phone: the address bar never holds the
// seat token, so the seat's page offers its link to copy (and as a QR code) in the game settings;
// that link opens the seat elsewhere, and a copy of the bare address says it is a spectator view.
import { createRequire } from "node:module";
import { assert, hud, newPage, shot, waitIdle, PHONE } from "./lib.mjs";
import { createFromHome } from "./two-humans.mjs";

const require = createRequire(import.meta.url);
const jsQR = require("jsqr");

/** What the drawn QR code says: the SVG rasterised in the page (its pixels), read back by jsQR here. */
async function readQr(page) {
  const side = 300;
  const pixels = await page.evaluate(async (side) => {
    const svg = document.querySelector("svg.seat-qr");
    const img = new Image();
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = side;
    const c = canvas.getContext("2d");
    c.drawImage(img, 0, 0, side, side);
    return Array.from(c.getImageData(0, 0, side, side).data);
  }, side);
  return jsQR(Uint8ClampedArray.from(pixels), side, side)?.data ?? null;
}

export function otherDeviceTests(test) {
  test("other device (phone): the seat's link copied from the game settings opens the seat elsewhere; the bare address is a spectator view", async ({ base, browser }) => {
    const page = await newPage(browser, PHONE);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    const scripts = [];
    page.on("request", (r) => scripts.push(new URL(r.url()).pathname));
    const id = await createFromHome(page, base, { opponent: "computer", seed: "hexpost-e2e-other-device" });
    const bare = page.url();
    assert(bare === `${base}/g/${id}`, `the address bar holds ${bare}`);
    assert((await page.locator(".spectator-view").count()) === 0, "the seat's own page calls itself a spectator view");
    assert(!scripts.some((s) => /OtherDevice/.test(s)), "the other-device panel was downloaded before it was asked for");

    await page.getByText("Game settings").click();
    await page.getByText("Open on another device").click();
    const field = page.getByRole("textbox", { name: "Your seat's link" });
    await field.waitFor();
    const offered = await field.inputValue();
    assert(offered.startsWith(`${base}/g/${id}#t=`), `the link offered is "${offered}"`);
    await page.getByRole("button", { name: "Copy the link" }).click();
    await page.getByText(/^Copied\./).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert(copied === offered, `the clipboard holds "${copied}", the page shows "${offered}"`);
    assert(scripts.some((s) => /OtherDevice/.test(s)), "the panel did not come as its own chunk");
    // at the top of the screen: the phone's action sheet covers its lower half
    await page.locator("svg.seat-qr").evaluate((svg) => svg.scrollIntoView({ block: "start" }));
    assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, "the panel scrolls sideways");
    await shot(page, "48-other-device");
    const scanned = await readQr(page);
    assert(scanned === offered, `the QR code reads "${scanned}"`);
    assert(page.problems.length === 0, page.problems.join("\n"));

    // the copied link, on another device (a fresh context: nothing kept): it is the seat and it moves
    const other = await newPage(browser, PHONE);
    await other.goto(copied, { waitUntil: "domcontentloaded" });
    await other.waitForSelector(".hexmap-svg .board").catch(async (e) => {
      await shot(other, "48-debug");
      throw new Error(`${e.message}\n${other.url()}\n${other.problems.join("\n")}\n${(await other.locator("body").innerText()).slice(0, 600)}`);
    });
    assert((await other.locator(".topbar").innerText()).includes("you play German"), "the copied link does not open the German seat");
    assert(!other.url().includes("#t="), "the token stays in the other device's address bar");
    assert((await other.locator(".spectator-view").count()) === 0, "the seat's link is called a spectator view");
    await other.waitForSelector(".setup");
    await other.getByRole("button", { name: /^Auto-place the rest/ }).click();
    await other.getByRole("button", { name: "Confirm setup" }).click();
    const dialog = other.getByRole("dialog");
    if (await dialog.isVisible().catch(() => false)) await dialog.getByRole("button", { name: /^Send/ }).click();
    await waitIdle(other);
    await other.waitForFunction(() => !/German setup/.test(document.querySelector(".hud")?.textContent ?? "German setup"));
    assert(!/setup/i.test(await hud(other, "Phase")), "the setup sent from the other device was not taken");
    assert(other.problems.length === 0, other.problems.join("\n"));
    await other.context().close();

    // the bare address bar, copied to a third device: read only, and said so
    const copyOfBar = await newPage(browser, PHONE);
    await copyOfBar.goto(bare, { waitUntil: "domcontentloaded" });
    await copyOfBar.waitForSelector(".hexmap-svg .board");
    const note = copyOfBar.locator(".spectator-view");
    await note.waitFor();
    assert(/Spectator view/.test(await note.innerText()), `the page says "${await note.innerText()}"`);
    assert((await copyOfBar.locator(".topbar").innerText()).includes("spectator"), "the top bar does not say spectator");
    assert((await copyOfBar.getByText("Open on another device", { exact: true }).count()) === 0, "a spectator is offered a seat's link");
    assert((await note.boundingBox()).y < 844, "the spectator note is below the phone's first screen");
    await shot(copyOfBar, "48-spectator-view");
    assert(copyOfBar.problems.length === 0, copyOfBar.problems.join("\n"));
    await copyOfBar.context().close();
    await page.context().close();
  });
}
