/**
 * `npm run test:e2e`: builds the gallery (gallery/, Vite), serves it on 127.0.0.1, drives Debian's
 * Chromium with playwright-core, screenshots every chat card in light and dark themes into
 * gallery/screenshots/, clicks through a roll, and fails on any console error.
 * Needs /usr/bin/chromium (Debian package `chromium`; override with CHROMIUM_PATH).
 * Prints one line `N passed, N failed` and exits non-zero when anything failed.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, GALLERY, buildGallery, serveGallery } from "./lib/gallery.mjs";
import { startWorld } from "./lib/dist-loading.mjs";
import { buildSystem } from "./build.mjs";
import { builderChecks } from "./lib/e2e-builder.mjs";

const SHOTS = path.join(GALLERY, "screenshots");

const results = [];
async function check(name, fn) {
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name}`);
  } catch (err) {
    results.push({ name, ok: false });
    console.log(`  ✗ ${name}\n    ${String(err?.message ?? err).split("\n").join("\n    ")}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
    console.log("0 passed, 1 failed");
    process.exit(1);
  }
  await buildGallery();
  const { server, url } = await serveGallery();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const consoleErrors = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on("console", (msg) => { if (msg.type() === "error") consoleErrors.push(msg.text()); });
    page.on("pageerror", (err) => consoleErrors.push(err.message));
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
    // A fresh folder each run: a screenshot a renamed or removed section left behind would mislead.
    await rm(SHOTS, { recursive: true, force: true });
    await mkdir(SHOTS, { recursive: true });

    await check("every fixture card renders in both themes", async () => {
      const power = await page.locator(".power-roll-card").count();
      const harmony = await page.locator(".harmony-card").count();
      assert(power >= 18 && power % 2 === 0, `power roll cards: ${power}`);
      assert(harmony >= 16 && harmony % 2 === 0, `harmony cards: ${harmony}`);
    });

    await check("no localisation key is shown raw", async () => {
      const text = await page.locator("#cards").innerText();
      const raw = text.match(/\bSE\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw?.join(", ")}`);
    });

    await check("user-typed flavour is escaped, not executed", async () => {
      const imgs = await page.locator("#cards img").count();
      assert(imgs === 0, `${imgs} <img> injected`);
      const text = await page.locator('[data-fixture="escaped-flavour"] .chat-card__title').first().innerText();
      assert(text.includes("<img"), `title was ${text}`);
    });

    await check("tier badges use distinct colours per tier", async () => {
      const colours = await page.$$eval(".theme-light .tier-badge", (els) =>
        [...new Set(els.map((e) => `${e.getAttribute("data-tier")}:${getComputedStyle(e).backgroundColor}`))]);
      const byTier = new Map(colours.map((c) => c.split(":")));
      assert(byTier.size === 3 && new Set(byTier.values()).size === 3, colours.join(" "));
    });

    await check("dark theme changes the card colours", async () => {
      const [light, dark] = await Promise.all(["theme-light", "theme-dark"].map((t) =>
        page.$eval(`.${t} .power-roll-card`, (e) => getComputedStyle(e).backgroundColor)));
      assert(light !== dark, `light ${light} dark ${dark}`);
    });

    for (const theme of ["theme-light", "theme-dark"]) {
      await check(`screenshot of the ${theme} cards`, async () => {
        // Each section names its own screenshots (gallery/main.ts `section`), so none is unnamed or overwritten.
        const sections = await page.locator("#cards .themes[data-shot]").all();
        const shots = new Set();
        for (const section of sections) {
          const shot = await section.getAttribute("data-shot");
          assert(shot && !shots.has(shot), `section named ${shot} twice or not at all`);
          shots.add(shot);
          await section.locator(`.${theme}`).screenshot({ path: path.join(SHOTS, `cards-${shot}-${theme}.png`) });
        }
        assert(sections.length === await page.locator("#cards .themes").count(), "every card section has a screenshot name");
      });
    }

    await check("a tier-3 Prayer's domain offer shows each domain's buttons, the conduit's name escaped (issue 29)", async () => {
      const offer = page.locator('#cards .themes[data-shot="domain-offer"] .theme-light .domain-offer').first();
      const domains = await offer.locator("button[data-se-domain]").evaluateAll((bs) => bs.map((b) => `${b.dataset.seDomain}:${b.dataset.seDomainOption ?? ""}`));
      assert(JSON.stringify(domains) === JSON.stringify(["creation:", "fate:tier1", "fate:tier3"]), `buttons ${domains.join(" ")}`);
      assert((await offer.locator("b").count()) === 0 && (await offer.textContent()).includes("<b>of the Vale</b>"), "the name is text");
    });

    await check("/pr 2 e +2 posts a power roll card with a tier", async () => {
      await page.fill("#chat-input", "/pr 2 e +2");
      await page.click("#chat-send");
      const card = page.locator("#chat-log .theme-light .power-roll-card").first();
      await card.waitFor({ timeout: 5000 });
      const tier = Number(await card.locator(".tier-badge").getAttribute("data-tier"));
      assert([1, 2, 3].includes(tier), `tier ${tier}`);
      assert((await card.locator(".chat-card__die").count()) === 2, "two dice");
    });

    // Issue 33: the enrichers' gallery section (gallery/enrichers.ts) renders them with the system's
    // builder; a click on [[/pr 2d10+3]] posts a power roll card, and no author markup became HTML.
    await check("[[/pr 2d10+3]] in a journal page posts a power roll card; the item description's markup stays text", async () => {
      const before = await page.locator("#chat-log .theme-light .power-roll-card").count();
      await page.locator('.theme-light [data-fixture="journal-page"] [data-se-enricher="pr"]').first().click();
      await page.waitForFunction((n) => document.querySelectorAll("#chat-log .theme-light .power-roll-card").length > n, before, { timeout: 5000 });
      const item = page.locator('.theme-light [data-fixture="item-description"]');
      assert((await item.locator("script, b").count()) === 0, "no element from the author's text");
      assert((await item.textContent()).includes("<b>Read more</b>: 2 damage"), "a label never hides damage, and its markup is text");
      assert((await page.locator('.theme-light [data-fixture="journal-page"] .se-enricher-broken').count()) === 1, "the broken enricher is marked");
    });

    await check("/hd 45 B+1 S-1 posts a Harmony card with both digits picked", async () => {
      await page.fill("#chat-input", "/hd 45 B+1 S-1");
      await page.click("#chat-send");
      const card = page.locator("#chat-log .theme-light .harmony-card").first();
      await card.waitFor({ timeout: 5000 });
      assert((await card.locator(".harmony-card__die--dissonance").count()) === 2, "two Dissonance dice");
      assert((await card.locator(".harmony-card__die--harmony").count()) === 2, "two Harmony dice");
      assert((await card.locator(".chat-card__die--picked").count()) === 2, "one picked die per digit");
      await page.locator("#chat-log").screenshot({ path: path.join(SHOTS, "chat-log-after-rolls.png") });
    });

    await check("/gt might medium posts a live group test: an assist, every roll, the verdict and the award", async () => {
      await page.fill("#chat-input", "/gt might medium");
      await page.click("#chat-send");
      const card = page.locator("#chat-log .theme-light .test-card").first();
      await card.waitFor({ timeout: 5000 });
      assert((await card.locator('[data-se-action="test-card-roll"]').count()) === 3, "three roll buttons");
      await card.locator('[data-se-action="test-card-assist"]').first().click();
      assert((await card.locator(".test-card__assist").count()) === 1, "the assist is shown on its roller");
      for (let i = 0; i < 3; i++) await card.locator('[data-se-action="test-card-roll"]').first().click();
      const verdict = await card.locator(".test-card__verdict").innerText();
      assert(/The group (succeeds|fails)\./.test(verdict), `verdict: ${verdict}`);
      assert((await card.locator(".test-card__total").count()) === 3, "three totals");
      const award = card.locator('[data-se-action="test-card-award"]');
      if (await award.count()) {
        await award.click();
        assert((await card.locator(".test-card__awarded").innerText()) === "Awarded.", "awarded");
      }
    });

    await check("/ot agility intuition posts an opposed test that names a winner or a tie", async () => {
      await page.fill("#chat-input", "/ot agility intuition");
      await page.click("#chat-send");
      const card = page.locator("#chat-log .theme-dark .test-card--opposed").first();
      await card.waitFor({ timeout: 5000 });
      for (let i = 0; i < 2; i++) await card.locator('[data-se-action="test-card-roll"]').first().click();
      const verdict = await card.locator(".test-card__verdict").innerText();
      assert(/wins\.|A tie/.test(verdict), `verdict: ${verdict}`);
      await page.locator("#chat-log").screenshot({ path: path.join(SHOTS, "chat-log-test-cards.png") });
    });

    await check("the montage tracker renders every state in both themes with no raw keys", async () => {
      const states = await page.locator("[data-montage]").count();
      assert(states >= 5, `montage states: ${states}`);
      const text = await page.locator("#montage").innerText();
      const raw = text.match(/\bSE\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw?.join(", ")}`);
    });

    await check("live montage: start, every hero acts for two rounds, the Director ends it with an outcome", async () => {
      const live = page.locator("#montage-live");
      await live.locator('[data-action="montageStart"]').click();
      for (let round = 0; round < 2; round++) {
        await live.locator('[data-action="montageAssist"]').first().click();
        await live.locator('[data-action="montageAbility"]').first().click();
        while (await live.locator('[data-action="montageTest"]').count()) await live.locator('[data-action="montageTest"]').first().click();
        if ((await live.locator(".montage-tracker__result--ongoing").count()) === 0) break;
      }
      await live.locator('[data-action="montageEnd"]').click();
      assert((await live.locator('[data-action="montageEnd"]').count()) === 0, "ended: the Director's controls are gone but Close");
      const outcome = await live.locator(".montage-tracker__outcome").innerText();
      assert(/Total success|Partial success|Total failure/.test(outcome), `outcome: ${outcome}`);
      assert((await live.locator('[data-action="montageTest"]').count()) === 0, "no more actions once it is over");
      await live.screenshot({ path: path.join(SHOTS, "montage-live.png") });
    });

    for (const theme of ["theme-light", "theme-dark"]) {
      await check(`screenshots of the montage tracker states (${theme})`, async () => {
        for (const [i, state] of (await page.locator("[data-montage]").all()).entries()) {
          await state.locator(`[data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `montage-${i + 1}-${theme}.png`) });
        }
      });
    }

    await check("the compendium browser renders the real packs in both themes with no raw keys", async () => {
      const states = await page.locator("[data-browser]").count();
      assert(states >= 2, `browser states: ${states}`);
      const text = await page.locator("#compendium-browser").innerText();
      const raw = text.match(/\b(SE|TYPES)\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw?.join(", ")}`);
    });

    await check("live compendium browser: open, filter monsters, search abilities, drag a result as {type, uuid}", async () => {
      const live = page.locator("#browser-live");
      const count = () => live.locator(".compendium-browser__count").innerText();
      assert(/^137 found/.test(await count()), `abilities on opening: ${await count()}`);
      await live.locator('[data-action="browserTab"][data-kind="monster"]').click();
      await live.locator('.compendium-browser__chip:has(input[name="monster.organizations"][value="minion"])').click();
      await live.locator('input[name="monster.level.min"]').fill("2");
      await page.waitForTimeout(50);
      const minions = await live.locator(".compendium-browser__name").allInnerTexts();
      assert(minions.length === 2 && minions.every((n) => ["Barrow Archer", "Cinder Imp"].includes(n)), `level 2+ minions: ${minions.join(", ")}`);
      await live.locator('[data-action="browserTab"][data-kind="ability"]').click();
      await live.locator('input[name="search"]').fill("hammer anvil");
      await page.waitForTimeout(50);
      const found = await live.locator(".compendium-browser__name").allInnerTexts();
      assert(found[0] === "Hammer and Anvil", `search: ${found.join(", ")}`);
      const drag = await live.locator(".compendium-browser__entry").first().evaluate((row) => {
        const dataTransfer = new window.DataTransfer();
        row.dispatchEvent(new window.DragEvent("dragstart", { bubbles: true, dataTransfer }));
        return { text: dataTransfer.getData("text/plain"), uuid: row.dataset.uuid };
      });
      const data = JSON.parse(drag.text || "null");
      assert(data?.type === "Item" && data.uuid === drag.uuid && /^Compendium\.steel-echoes\.abilities\.Item\./.test(data.uuid), `drag data: ${drag.text}`);
      await live.screenshot({ path: path.join(SHOTS, "compendium-browser-live.png") });
    });

    for (const theme of ["theme-light", "theme-dark"]) {
      await check(`screenshots of the compendium browser (${theme})`, async () => {
        for (const state of await page.locator("[data-browser]").all()) {
          const name = await state.getAttribute("data-browser");
          await state.locator(`[data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `compendium-browser-${name}-${theme}.png`) });
        }
      });
    }

    // The hero builder (issue 32): every step in both themes, no raw keys; a screenshot of each.
    await check("the hero builder renders every step in both themes with no raw keys", async () => {
      const steps = await page.locator("[data-builder]").count();
      assert(steps === 10, `builder steps: ${steps}`);
      const text = await page.locator("#hero-builder").innerText();
      const raw = text.match(/\bSE\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw?.join(", ")}`);
    });
    for (const theme of ["theme-light", "theme-dark"]) {
      await check(`screenshots of the hero builder's steps (${theme})`, async () => {
        for (const state of await page.locator("[data-builder]").all()) {
          const step = await state.getAttribute("data-builder");
          await state.locator(`[data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `builder-${step}-${theme}.png`) });
        }
      });
    }
    // Issue 32's "Done when": a player builds a conduit, elementalist, fury, shadow and tactician in the live
    // builder over the real packs, each matching her twin built by hand from the pack sources (tools/lib/e2e-builder.mjs).
    await builderChecks(page, check, assert);
    await check("screenshot of the live hero builder", async () => {
      await page.locator("#builder-live form").screenshot({ path: path.join(SHOTS, "builder-live.png") });
    });

    // The encounter builder (issue 33): both themes, and the live one computes the budget and band as the Director changes it.
    await check("the encounter builder renders in both themes with no raw keys", async () => {
      assert((await page.locator("[data-encounter-builder] .encounter-builder").count()) === 2, "both themes");
      const text = await page.locator("#encounter").innerText();
      const raw = text.match(/\bSE\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw?.join(", ")}`);
      for (const theme of ["theme-light", "theme-dark"]) {
        await page.locator(`[data-encounter-builder] [data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `encounter-builder-${theme}.png`) });
      }
    });

    await check("live encounter builder: budget 40, standard; more minions make it hard; a count-and-level party recomputes", async () => {
      const live = page.locator("#encounter-live");
      const read = async () => [await live.locator(".encounter-builder__budget").innerText(), await live.locator(".encounter-builder__spent").innerText(),
        await live.locator(".encounter-builder__numbers .encounter-builder__band").innerText()];
      assert(JSON.stringify(await read()) === JSON.stringify(["40", "40", "Standard"]), `start: ${await read()}`);
      // The party starts as the primary party actor's members (issue 33).
      assert(await live.locator('select[data-se-party="mode"]').inputValue() === "party:p1", "the primary party is chosen");
      // 6 → 20 cutpurses: five squads of four at 3 EV, +9 EV: 49, hard (46–59).
      await live.locator('.encounter-builder__member[data-uuid$="cutpurse"] input[type="number"]').fill("20");
      await live.locator('.encounter-builder__member[data-uuid$="cutpurse"] input[type="number"]').dispatchEvent("change");
      assert(JSON.stringify(await read()) === JSON.stringify(["40", "49", "Hard"]), `more minions: ${await read()}`);
      await live.locator('select[data-se-party="mode"]').selectOption("count");
      await live.locator('input[data-se-party="count"]').fill("5");
      await live.locator('input[data-se-party="count"]').dispatchEvent("change");
      // Five heroes of level 2 with 2 Victories each: 5 × 8 + 8 = 48; 49 EV is standard (41–55).
      assert(JSON.stringify(await read()) === JSON.stringify(["48", "49", "Standard"]), `five heroes: ${await read()}`);
      await live.locator('[data-action="encounterSuggest"]').click();
      assert((await live.locator(".encounter-builder__group:not(.encounter-builder__group--new)").count()) >= 4, "suggested groups");
      // A party actor with no heroes falls back to the count and says so; the primary party brings its four back.
      await live.locator('select[data-se-party="mode"]').selectOption("party:p2");
      assert(await live.locator('select[data-se-party="mode"]').inputValue() === "count", "an empty party falls back to the count");
      assert((await live.innerText()).includes("has no heroes yet"), "the empty party is named");
      await live.locator('select[data-se-party="mode"]').selectOption("party:p1");
      assert((await live.locator(".encounter-builder__budget").innerText()) === "40", "the primary party's budget again");
      await live.screenshot({ path: path.join(SHOTS, "encounter-builder-live.png") });
    });

    await check("the negotiation tracker renders every state in both themes with no raw keys", async () => {
      const states = await page.locator("[data-negotiation]").count();
      assert(states >= 6, `negotiation states: ${states}`);
      const text = await page.locator("#negotiation").innerText();
      const raw = text.match(/\bSE\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw?.join(", ")}`);
    });

    await check("live negotiation: start, argue, judge, reveal, close with a Victory", async () => {
      const live = page.locator("#negotiation-live");
      await live.locator('[data-se-negotiation-field="attitude"]').selectOption("open");
      await live.locator('[data-action="negotiationStart"]').click();
      assert((await live.locator(".negotiation-tracker__stat--interest .negotiation-tracker__pip--filled").count()) === 3, "open: interest 3");
      await live.locator('[data-action="negotiationArgue"]').click();
      assert((await live.locator(".negotiation-tracker__pending").count()) === 1, "an argument waits");
      await live.locator('[data-se-negotiation-field="judge"]').selectOption("motivation:protection");
      await live.locator('[data-action="negotiationJudge"]').click();
      assert((await live.locator(".negotiation-tracker__entry").count()) === 1, "one argument logged");
      assert((await live.locator(".negotiation-tracker__pending").count()) === 0, "judged");
      await live.locator('[data-action="negotiationDiscover"][data-id="revelry"]').click();
      await live.locator('[data-action="negotiationClose"]').click();
      const ended = await live.locator(".negotiation-tracker__ended").innerText();
      assert(/over/.test(ended), `ended: ${ended}`);
      await live.screenshot({ path: path.join(SHOTS, "negotiation-live.png") });
    });

    for (const theme of ["theme-light", "theme-dark"]) {
      await check(`screenshots of the negotiation tracker states (${theme})`, async () => {
        for (const [i, state] of (await page.locator("[data-negotiation]").all()).entries()) {
          await state.locator(`[data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `negotiation-${i + 1}-${theme}.png`) });
        }
      });
    }

    await check("/d12 +3 dc 17 adv posts a 2d12 card: three dice, one dropped, a verdict and a quality", async () => {
      await page.fill("#chat-input", "/d12 +3 dc 17 adv");
      await page.click("#chat-send");
      const card = page.locator("#chat-log .theme-light .d12-card").first();
      await card.waitFor({ timeout: 5000 });
      assert((await card.locator(".chat-card__die").count()) === 3, "three dice");
      assert((await card.locator(".chat-card__die--discarded").count()) === 1, "one dropped");
      const verdict = await card.locator("[data-verdict]").getAttribute("data-verdict");
      assert(verdict === "success" || verdict === "failure", `verdict ${verdict}`);
      assert((await card.locator(".d12-card__quality").innerText()).length > 0, "a quality");
    });

    await check("/arc, /react and /ad post check cards with a verdict", async () => {
      for (const line of ["/arc 7 4 es 5 d8 vs 9", "/react 6", "/ad 2 charge guard 15 cover partial"]) {
        await page.fill("#chat-input", line);
        await page.click("#chat-send");
        const card = page.locator("#chat-log .theme-light .check-card").first();
        await card.waitFor({ timeout: 5000 });
        const verdict = await card.locator("[data-verdict]").getAttribute("data-verdict");
        assert(verdict === "success" || verdict === "failure", `${line}: verdict ${verdict}`);
      }
    });

    await check("/ad alone opens the check dialog; Roll posts the action check against the Guard it was given", async () => {
      await page.fill("#chat-input", "/ad");
      await page.click("#chat-send");
      const dialog = page.locator("#dialog-host #check-dialog");
      await dialog.waitFor({ timeout: 5000 });
      assert((await dialog.locator("input, select").count()) === 9, "every option of /ad");
      await dialog.locator('input[name="bonusDice"]').fill("2");
      await dialog.locator('select[name="against"]').selectOption("guard");
      await dialog.locator('input[name="target"]').fill("15");
      await dialog.locator('input[name="behind"]').check();
      await dialog.screenshot({ path: path.join(SHOTS, "dialog-action-check.png") });
      const before = await page.locator("#chat-log .theme-light .check-card").count();
      await dialog.locator('button[type="submit"]').click();
      assert((await page.locator("#dialog-host form").count()) === 0, "the dialog closes");
      assert((await page.locator("#chat-log .theme-light .check-card").count()) === before + 1, "one card");
      const card = page.locator("#chat-log .theme-light .check-card").first();
      const text = await card.innerText();
      assert(text.includes("2d10") && /Guard\D*8/.test(text), `2 bonus dice against Guard 15 from behind (8): ${text}`);
    });

    await check("/d12, /arc and /react alone open their dialogs; a value out of range posts nothing", async () => {
      for (const [line, fields] of [["/d12", 4], ["/arc", 6], ["/react", 1]]) {
        await page.fill("#chat-input", line);
        await page.click("#chat-send");
        const dialog = page.locator("#dialog-host #check-dialog");
        await dialog.waitFor({ timeout: 5000 });
        assert((await dialog.locator("input, select").count()) === fields, `${line}: ${fields} fields`);
        if (line === "/arc") await dialog.screenshot({ path: path.join(SHOTS, "dialog-arc-check.png") });
        const before = await page.locator("#chat-log .theme-light .chat-message").count();
        await dialog.locator('button[type="submit"]').click();
        assert((await page.locator("#chat-log .theme-light .chat-message").count()) === before + 1, `${line}: one card`);
      }
      await page.fill("#chat-input", "/react");
      await page.click("#chat-send");
      await page.locator('#check-dialog input[name="som"]').fill("11");
      const before = await page.locator("#chat-log .theme-light .chat-message").count();
      await page.locator('#check-dialog button[type="submit"]').click();
      // The field's own range stops the form (and the command's check would refuse it too).
      assert(await page.locator('#check-dialog input[name="som"]').evaluate((e) => e.validity.rangeOverflow), "SOM 11 is out of range");
      assert((await page.locator("#chat-log .theme-light .chat-message").count()) === before, "nothing posted");
      await page.locator("#dialog-host").evaluate((e) => e.replaceChildren());
    });

    await check("bad input shows an error and posts nothing", async () => {
      const before = await page.locator("#chat-log .chat-message").count();
      await page.fill("#chat-input", "/pr 9");
      await page.click("#chat-send");
      const error = await page.locator("#notifications .error").innerText();
      assert(error.includes("between -5 and 5"), `error: ${error}`);
      assert((await page.locator("#chat-log .chat-message").count()) === before, "a card was posted");
    });

    await check("every hero sheet renders in both themes with every tab", async () => {
      const sheets = await page.locator(".hero-sheet").count();
      assert(sheets >= 6 && sheets % 2 === 0, `hero sheets: ${sheets}`);
      for (const tab of ["characteristics", "abilities", "features", "kit", "effects", "biography"]) {
        assert((await page.locator(`.hero-sheet [data-tab="${tab}"].tab`).count()) === sheets, `tab ${tab}`);
      }
      const raw = (await page.locator("#sheets").innerText()).match(/\b(SE|TYPES)\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw?.join(", ")}`);
    });

    // Issue 32: a hero whose XP has reached her next level offers Level up, and a hand-made build's
    // broken rules show as warnings (the rules find them from the gallery's build).
    await check("a levelling hero shows Level up and her build's warnings", async () => {
      const host = page.locator('[data-sheet$="-levelling"] [data-theme="theme-light"]');
      assert((await host.locator('[data-action="levelUp"]').count()) === 1, "no Level up button");
      const warnings = await host.locator(".se-build-warnings li").allInnerTexts();
      // The rules find three: Sneak is not the lore group's, Sneak is not ticked on the sheet, Boren needs the stormwight aspect.
      assert(warnings.length === 3, `warnings: ${warnings.join(" | ")}`);
      assert(warnings.some((w) => w.includes("Sneak")) && warnings.some((w) => w.includes("Boren")), `warnings: ${warnings.join(" | ")}`);
    });

    for (const sheet of await page.locator("[data-sheet]").all()) {
      const name = await sheet.getAttribute("data-sheet");
      for (const theme of ["theme-light", "theme-dark"]) {
        await check(`screenshot of hero sheet ${name} (${theme})`, async () => {
          await sheet.locator(`[data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `hero-${name}-${theme}.png`) });
        });
      }
    }

    // Issue 30: every actor sheet in edit mode has an input for every field of its data model. The
    // list comes from the models' schemas (gallery/main.ts, test/harness/schema-paths.ts
    // `schemaLeafNames`), so a field added without an input fails here. An array or set field counts
    // when some control names it or one of its elements (`system.behaviors.0.name`); skills, movement
    // types and conditions are toggled by a button each, as the Vitest template tests count them.
    await check("every actor sheet in edit mode has a visible input for every schema field (hero, monster, Echoes character, Echoes adversary, party)", async () => {
      const fields = JSON.parse(await page.locator("#schema-fields").textContent());
      // A party's members are added by dropping a hero and taken out with a button each (issue 32).
      const TOGGLES = {
        "system.skills": "toggleSkill", "system.movement": "toggleMovement", "system.conditions": "toggleCondition", "system.members": "removeMember",
      };
      const sections = await page.locator("[data-schema]").all();
      const types = await Promise.all(sections.map((s) => s.getAttribute("data-schema")));
      assert(["echoes", "echoesAdversary", "hero", "monster", "party"].every((t) => types.includes(t)), `sheets in edit mode: ${types.join(", ")}`);
      assert(Object.keys(fields).sort().join() === "echoes,echoesAdversary,hero,monster,party", `models: ${Object.keys(fields)}`);
      const problems = [];
      for (const [i, section] of sections.entries()) {
        const type = types[i];
        const leaves = fields[type];
        // A party has only its members and hero tokens (issue 32).
        assert(leaves.length >= (type === "party" ? 2 : 10), `${type}: only ${leaves.length} schema fields`);
        // What the edit mode offers: each named control with whether it is laid out, and the toggle buttons.
        const { controls, actions } = await section.locator('[data-theme="theme-light"] .application').evaluate((root) => ({
          controls: [...root.querySelectorAll("input[name], select[name], textarea[name], prose-mirror[name]")].map((el) => ({
            name: el.getAttribute("name"), shown: el.localName === "prose-mirror" || el.getClientRects().length > 0, disabled: el.disabled === true,
          })),
          actions: [...root.querySelectorAll("button[data-action]")].map((b) => b.dataset.action),
        }));
        for (const leaf of leaves) {
          const matching = controls.filter((c) => c.name === leaf || c.name.startsWith(`${leaf}.`));
          const ok = matching.some((c) => c.shown && !c.disabled) || (TOGGLES[leaf] && actions.includes(TOGGLES[leaf]));
          if (!ok) problems.push(`${type}: ${leaf}${matching.length ? " (hidden or disabled)" : ""}`);
        }
      }
      assert(problems.length === 0, `no input for ${problems.join(", ")}`);
    });

    // Echoes: the character sheet, its check dialog and a check's card with its footer.
    await check("the Echoes sheet shows every Behavior, Save and Motivation, localised", async () => {
      const sheet = page.locator('[data-echoes-sheet="vessa"] [data-theme="theme-light"] .echoes-sheet');
      assert((await sheet.locator('[data-action="rollBehavior"]').count()) === 3, "three Behavior dice");
      assert((await sheet.locator('[data-action="rollSave"]').count()) === 2, "two Save dice");
      assert((await sheet.locator(".echoes-sheet__motivation").count()) === 8, "eight Motivations");
      assert((await sheet.locator(".echoes-sheet__xp .echoes-sheet__box--filled").count()) === 4, "four XP boxes marked");
      const raw = (await page.locator("#echoes").innerText()).match(/\b(SE|TYPES)\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw}`);
      const cards = page.locator('[data-echoes-cards] [data-theme="theme-light"]');
      assert((await cards.locator('[data-se-echoes="apply"]').count()) === 2, "Apply before applying");
      assert((await cards.locator('[data-se-echoes="pick"]').count()) === 5, "the roller's picks: three tens, two ones");
      assert((await cards.locator('[data-se-echoes="reroll"]').count()) === 5, "one reroll offered on each die, once");
      assert((await cards.locator('[data-se-echoes="undo"]').count()) === 3, "Undo once applied");
      assert((await cards.locator('select[name="grip"]').count()) === 1, "the attack dialog asks for the weapon");
      assert((await cards.locator('input[name="incoming"]').count()) === 1, "the defense dialog asks for the damage");
    });
    await check("an Echoes check from the sheet's die to Apply changes the character's track", async () => {
      const live = page.locator("#echoes-live");
      const echoBefore = Number(await live.locator('input[name="system.echo"]').inputValue());
      const angerBefore = Number(await live.locator('input[name="system.motivations.anger"]').inputValue());
      await live.locator('[data-action="rollBehavior"]').first().click();
      await live.locator("[data-live-dialog] select[name=motivation]").selectOption("anger");
      await live.locator("[data-live-roll]").click();
      await live.locator("[data-live-card] .harmony-card").waitFor({ timeout: 5000 });
      assert((await live.locator("[data-live-card] .echoes-check__toll").count()) === 1, "Anger 2 shows its toll");
      await live.locator('[data-live-card] [data-se-echoes="apply"]').click();
      const lines = await live.locator("[data-live-card] .echoes-check__applied li").allInnerTexts();
      assert(lines.some((l) => l.startsWith("Toll paid")), `the toll line: ${lines.join(" | ")}`);
      const echoAfter = Number(await live.locator('input[name="system.echo"]').inputValue());
      const angerAfter = Number(await live.locator('input[name="system.motivations.anger"]').inputValue());
      const passed = (await live.locator("[data-live-card] .harmony-card__verdict--pass").count()) === 1;
      assert(passed ? angerAfter === angerBefore + 1 : angerAfter === 0, `Anger ${angerBefore} → ${angerAfter} (${passed ? "pass" : "fail"})`);
      // The toll (+1) and, on a failure, Anger's 2; Harmony matches take at most 3 away.
      assert(echoAfter >= echoBefore + 1 + (passed ? 0 : 2) - 3, `Echo ${echoBefore} → ${echoAfter}`);
      await live.screenshot({ path: path.join(SHOTS, "echoes-live.png") });
    });
    for (const theme of ["theme-light", "theme-dark"]) {
      // Play and edit mode of each (gallery/echoes.ts): echoes-sheet-vessa[-edit], echoes-adversary-shade[-edit].
      for (const [attr, kind] of [["data-echoes-sheet", "sheet"], ["data-echoes-adversary", "adversary"]]) {
        for (const sheet of await page.locator(`[${attr}]`).all()) {
          const name = await sheet.getAttribute(attr);
          await check(`screenshot of the Echoes ${kind} ${name} (${theme})`, async () => {
            await sheet.locator(`[data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `echoes-${kind}-${name}-${theme}.png`) });
          });
        }
      }
      await check(`screenshot of the Echoes dialog and cards (${theme})`, async () => {
        await page.locator(`[data-echoes-cards] [data-theme="${theme}"]`).screenshot({ path: path.join(SHOTS, `echoes-cards-${theme}.png`) });
      });
    }

    // The party sheet (issue 32): each member's row, the pool, the Director's controls and none for a player.
    await check("the party sheet renders its members, the hero tokens and only the Director's controls", async () => {
      const director = page.locator('[data-party="director"] [data-theme="theme-light"] .party-sheet');
      assert((await director.locator(".party-member").count()) === 2, "two members");
      assert((await director.locator(".party-pool__value").innerText()).trim() === "3", "three hero tokens");
      assert((await director.locator('[data-action="placeMembers"]').count()) === 1, "the Director places the heroes");
      assert((await director.locator('[data-condition="dazed"]').innerText()).trim() === "Dazed", "Korva is dazed");
      const player = page.locator('[data-party="player"] [data-theme="theme-light"] .party-sheet');
      assert((await player.locator(".party-member").count()) === 2, "a player sees both members");
      assert((await player.locator('[data-action="changeTokens"], [data-action="placeMembers"], [data-action="removeMember"]').count()) === 0, "no control for a player");
      const raw = (await page.locator("[data-party]").first().innerText()).match(/\b(SE|TYPES)\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw}`);
    });
    for (const sheet of await page.locator("[data-party]").all()) {
      const name = await sheet.getAttribute("data-party");
      for (const theme of ["theme-light", "theme-dark"]) {
        await check(`screenshot of party sheet ${name} (${theme})`, async () => {
          await sheet.locator(`[data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `party-${name}-${theme}.png`) });
        });
      }
    }

    for (const sheet of await page.locator("[data-monster]").all()) {
      const name = await sheet.getAttribute("data-monster");
      for (const theme of ["theme-light", "theme-dark"]) {
        await check(`screenshot of monster sheet ${name} (${theme})`, async () => {
          await sheet.locator(`[data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `monster-${name}-${theme}.png`) });
        });
      }
    }

    for (const theme of ["theme-light", "theme-dark"]) {
      await check(`screenshot of the ability tier editor (${theme})`, async () => {
        await page.locator(`[data-item-sheet="ability"] [data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `item-ability-tiers-${theme}.png`) });
      });
    }

    await check("an item sheet of every type renders with localised labels", async () => {
      const types = await page.$$eval("[data-item]", (els) => els.map((e) => e.getAttribute("data-item")));
      assert(["ancestry", "culture", "career", "class", "kit", "ability", "feature", "complication", "condition"].every((t) => types.includes(t)), types.join(","));
      const raw = (await page.locator("[data-item]").allInnerTexts()).join("\n").match(/\b(SE|TYPES)\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw?.join(", ")}`);
    });

    // Issue 30: every item type's sheet in edit mode has an input for every field of its schema. The
    // gallery puts each model's leaf names on the sheet (test/harness/schema-paths.ts `schemaLeafNames`),
    // so a new field without an input fails here. A leaf counts when a control in the rendered sheet is
    // named for it or for a field under it, or when it is an empty list's add button.
    await check("every item type's sheet in edit mode has an input for every schema field", async () => {
      const sheets = await page.$$eval('[data-item-mode="edit"]', (els) => els.map((el) => {
        const root = el.querySelector('[data-theme="theme-light"]');
        const names = [...root.querySelectorAll("[name]")].filter((c) => c.matches("input, select, textarea, prose-mirror")).map((c) => c.getAttribute("name"));
        const adds = [...root.querySelectorAll('[data-action="addListRow"]')].map((b) => b.dataset.path);
        const leaves = el.dataset.schemaLeaves.split(" ").filter(Boolean);
        const missing = leaves.filter((leaf) => !names.includes(leaf) && !names.some((n) => n.startsWith(`${leaf}.`)) && !adds.includes(leaf));
        return { type: el.dataset.item, leaves: leaves.length, missing };
      }));
      assert(sheets.length === 11, `edit-mode item sheets: ${sheets.map((x) => x.type).join(",")}`);
      assert(sheets.every((x) => x.leaves > 0), "a sheet without schema leaves");
      const gaps = sheets.filter((x) => x.missing.length).map((x) => `${x.type}: ${x.missing.join(", ")}`);
      assert(!gaps.length, `fields without an input: ${gaps.join("; ")}`);
    });

    await check("item sheet chips are keyboard-reachable checkboxes; Space toggles one", async () => {
      const chip = page.locator('[data-item="ability"][data-item-mode="edit"] [data-theme="theme-light"] input[name="system.keywords"][value="area"]');
      await chip.focus();
      assert(await chip.evaluate((e) => e === document.activeElement), "the chip takes focus");
      const before = await chip.isChecked();
      await page.keyboard.press("Space");
      assert((await chip.isChecked()) === !before, "Space toggles the chip");
      await page.keyboard.press("Space");
    });

    await check("item sheets in play mode read as text, with no inputs", async () => {
      const counts = await page.$$eval('[data-item-mode="play"] [data-theme="theme-light"]', (els) => els.map((e) => e.querySelectorAll("input, select, textarea, prose-mirror").length));
      assert(counts.length === 11 && counts.every((n) => n === 0), counts.join(","));
      const ability = await page.locator('[data-item="ability"][data-item-mode="play"] [data-theme="theme-light"] .item-statblock').innerText();
      assert(/Power Roll \+ Might/.test(ability) && /17\+/.test(ability), ability);
    });

    // The ability item sheet is taller than the window: ability rows lay out only in view
    // (content-visibility: auto), so an element screenshot past the fold would show them blank.
    await page.setViewportSize({ width: 1400, height: 2400 });
    for (const sheet of await page.locator("[data-item]").all()) {
      const type = await sheet.getAttribute("data-item");
      const mode = await sheet.getAttribute("data-item-mode");
      await check(`screenshot of the ${type} item sheet (${mode})`, async () => {
        for (const theme of ["theme-light", "theme-dark"]) {
          await sheet.locator(`[data-theme="${theme}"] .application`).screenshot({ path: path.join(SHOTS, `item-${type}-${mode}-${theme}.png`) });
        }
      });
    }

    await page.setViewportSize({ width: 1400, height: 900 });

    await check("hero sheet at a narrow width stays readable", async () => {
      await page.setViewportSize({ width: 900, height: 900 });
      const sheet = page.locator('[data-sheet="fury-mountain"] [data-theme="theme-light"] .application');
      await sheet.evaluate((el) => { el.style.width = "420px"; });
      await sheet.screenshot({ path: path.join(SHOTS, "hero-fury-mountain-narrow.png") });
      const overflow = await sheet.evaluate((el) => el.scrollWidth - el.clientWidth);
      assert(overflow <= 1, `horizontal overflow ${overflow}px`);
      await sheet.evaluate((el) => { el.style.width = ""; });
      await page.setViewportSize({ width: 1400, height: 900 });
    });

    await check("every ability card fixture renders its targets by tier with apply controls", async () => {
      const cards = await page.locator("#cards .theme-light .ability-card").count();
      assert(cards >= 6, `ability cards: ${cards}`);
      const crit = await page.locator('#cards .theme-light [data-fixture="critical-hit"] .chat-card__crit').innerText();
      assert(crit.includes("Critical hit"), crit);
      const rows = await page.locator('#cards .theme-light [data-fixture="three-targets-by-tier"] .ability-card__target').count();
      assert(rows === 3, `rows ${rows}`);
      const undo = await page.locator('#cards .theme-light [data-fixture="three-targets-by-tier"] [data-se-action="undo"]').count();
      assert(undo === 1, `undo buttons ${undo}`);
    });

    await check("an ability card saved with older markup is redrawn from its data when shown", async () => {
      const host = page.locator('[data-redraw="ability-card"]');
      await host.locator('.ability-card[data-se-markup]').waitFor({ timeout: 5000 });
      assert((await host.locator(".target-row").count()) === 0, "old rows replaced");
      assert((await host.locator(".ability-card__target").count()) === 3, "three target rows");
      assert((await host.locator('[data-se-action="undo"]').count()) === 1, "the applied target offers undo");
    });

    await check("the Director's view of an ability card offers Damage objects and its undo (issue 29, item 39)", async () => {
      const host = page.locator('[data-gm-view="ability-card"]');
      assert((await host.locator("[data-se-objects]").count()) === 2, "two object controls");
      assert((await host.locator('[data-se-objects="apply"]').innerText()).includes("Damage objects"), "labelled");
      assert((await page.locator('[data-redraw="ability-card"] [data-se-objects]').count()) === 0, "none on a player's client");
      await host.screenshot({ path: path.join(SHOTS, "ability-card-director-objects.png") });
    });

    await check("clicking an ability opens the roll dialog, and rolling posts an ability card with a tier per target", async () => {
      await page.locator('[data-sheet="fury-mountain"] [data-theme="theme-light"] [data-action="rollAbility"]').first().click();
      const dialog = page.locator("#dialog-host form");
      await dialog.waitFor({ timeout: 5000 });
      assert((await dialog.locator(".ability-dialog__targets tbody tr").count()) === 2, "a row per target");
      const reasons = await dialog.locator(".ability-dialog__targets tbody tr").first().innerText();
      assert(reasons.includes("target prone"), `automatic edge shown: ${reasons}`);
      await dialog.locator('select[name="edges"]').selectOption("1");
      await dialog.screenshot({ path: path.join(SHOTS, "dialog-ability-use.png") });
      await dialog.locator('button[type="submit"]').click();
      const card = page.locator("#chat-log .theme-light .ability-card").first();
      await card.waitFor({ timeout: 5000 });
      assert((await card.locator(".chat-card__title").innerText()).includes("Brutal Slam"), "title");
      assert((await card.locator(".ability-card__target").count()) === 2, "two targets");
      assert((await card.locator('[data-se-action="apply"]').count()) === 2, "an apply button per target");
      const groups = await card.locator(".ability-card__group .ability-card__group-header").allInnerTexts();
      assert(groups.length >= 1 && groups.every((g) => /damage/.test(g)), `tier effects: ${groups.join(" | ")}`);
      await page.locator("#chat-log .theme-light").screenshot({ path: path.join(SHOTS, "chat-log-ability-card.png") });
    });

    await check("keyboard: Tab reaches an ability's name after its roll button, Enter or Space on it rolls; then its labelled Edit button opens it", async () => {
      const sheet = page.locator('[data-sheet="fury-mountain"] [data-theme="theme-light"]');
      await sheet.locator('[data-action="rollAbility"]').first().focus();
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
      const name = (await sheet.locator('.ability-row__name [data-action="rollAbility"]').first().innerText()).trim();
      assert(focused === name, `focus went to ${focused}, not ${name}`);
      for (const key of ["Enter", " "]) {
        await page.evaluate(() => { document.getElementById("dialog-host").innerHTML = ""; });
        await page.keyboard.press(key);
        await page.locator("#dialog-host form").waitFor({ timeout: 5000 });
        await page.evaluate(() => { document.getElementById("dialog-host").innerHTML = ""; });
        await sheet.locator('.ability-row__name [data-action="rollAbility"]').first().focus();
      }
      await page.keyboard.press("Tab");
      const edit = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      assert(edit === `Edit ${name}`, `after the name, focus went to ${edit}`);
      await page.keyboard.press("Enter");
      assert((await page.locator("#opened-item").innerText()) === name, "Edit opens the item");
      await page.locator("#opened-item").evaluate((e) => e.remove());
    });

    await check("a conduit's abilities collapse to one line each; the caret, collapse all and expand all work and are the viewer's own", async () => {
      const open = page.locator('[data-sheet="conduit-bloodpact"] [data-theme="theme-light"] [data-application-part="hero-abilities"]');
      const host = page.locator('[data-sheet="conduit-bloodpact-collapsed"]');
      const part = () => host.locator('[data-theme="theme-light"] [data-application-part="hero-abilities"]');
      const rows = await part().locator(".ability-row").count();
      assert(rows >= 4 && (await part().locator(".ability-row--collapsed").count()) === rows, `${rows} rows, all collapsed`);
      assert((await part().locator(".ability-row__tiers").count()) === 0, "no tier lines when collapsed");
      assert((await part().locator(".ability-row__summary").count()) === rows, "a summary line per row");
      const [openHeight, closedHeight] = [(await open.boundingBox()).height, (await part().boundingBox()).height];
      console.log(`    abilities tab: ${Math.round(openHeight)} px expanded, ${Math.round(closedHeight)} px collapsed`);
      assert(closedHeight < openHeight * 0.6, `collapsed ${closedHeight} px vs expanded ${openHeight} px`);
      // The caret by keyboard: focus it, Enter opens that row only.
      const id = await part().locator(".ability-row").first().getAttribute("data-item-id");
      await part().locator(`[data-action="toggleAbility"][data-item-id="${id}"]`).focus();
      await page.keyboard.press("Enter");
      assert(await part().locator(`.ability-row[data-item-id="${id}"] [data-action="toggleAbility"]`).getAttribute("aria-expanded") === "true", "Enter on the caret opens it");
      assert((await part().locator(".ability-row--collapsed").count()) === rows - 1, "the others stay collapsed");
      // Kept in the viewer's browser storage under her user and this actor, nowhere else.
      const stored = await page.evaluate(() => Object.keys(globalThis.localStorage).filter((k) => k.startsWith("steel-echoes.abilityCollapse.")));
      assert(stored.includes("steel-echoes.abilityCollapse.gallery.Actor.conduit-bloodpact-collapsed"), `stored under ${stored}`);
      await part().locator('[data-action="collapseAbilities"][data-collapse="none"]').click();
      assert((await part().locator(".ability-row--collapsed").count()) === 0, "expand all");
      await part().locator('[data-action="collapseAbilities"][data-collapse="all"]').click();
      assert((await part().locator(".ability-row--collapsed").count()) === rows, "collapse all");
    });

    await check("clicking a characteristic rolls a test", async () => {
      await page.locator('[data-sheet="conduit-bloodpact"] [data-theme="theme-light"] [data-characteristic="intuition"] button').click();
      const title = await page.locator("#chat-log .theme-light .power-roll-card .chat-card__title").first().innerText();
      assert(title === "Intuition test", `title ${title}`);
    });

    await check("Copy as text on a bestiary solo gives its stat block, which names its level, organization and role", async () => {
      await page.locator('[data-monster="bestiary-solo-gloamhusk"] [data-theme="theme-light"] [data-action="copyStatBlock"]').click();
      const text = await page.locator("#copied-statblock").innerText();
      const lines = text.split("\n");
      assert(lines[0] === "Gloamhusk, the Ember Glutton" && lines[1] === "Level 4 Solo Brute", lines.slice(0, 2).join(" / "));
      assert(text.includes("\nThe Pit Opens (3 VP)\n") && text.includes("Stamina: 280"), "abilities and Stamina");
    });

    // Combat: tracker, pools panel, recovery bar, end-of-encounter dialog (gallery/combat.ts).
    await check("combat views render with no raw localisation keys", async () => {
      const text = await page.locator("#combat").innerText();
      const raw = text.match(/\b(SE|TYPES)\.[A-Za-z.]+/g);
      assert(!raw, `raw keys: ${raw?.join(", ")}`);
      assert((await page.locator('[data-combat="tracker-gm"] .se-tracker__side').count()) === 4, "two sides in each theme");
      const escaped = await page.locator('[data-combat="tracker-gm"] .theme-light .name').allInnerTexts();
      assert(escaped.includes("Goblin <b>sniper</b>"), `names ${escaped.join(", ")}`);
    });

    await check("the Director's end-of-encounter panel calls it (L7283) and offers the Last stand (L7343)", async () => {
      const panel = page.locator('[data-combat="tracker-end"] [data-theme="theme-light"] .se-tracker__end');
      const text = await panel.innerText();
      assert(text.includes("Heroes not dying: level 4 · enemies: level 2") && text.includes("end combat"), text);
      assert((await panel.locator('button[data-action="seLastStand"]').count()) === 1, "one Last stand button");
    });

    await check("the dying hero's prompt says what a hero token gives, the name escaped", async () => {
      const dialogs = page.locator('[data-combat="hero-token-prompt"] [data-theme="theme-light"] .se-hero-token-prompt');
      const saved = await dialogs.nth(0).innerText();
      assert(saved.includes("regain 8 Stamina") && saved.includes("Stamina becomes 5") && saved.includes("lifts Ash out of dying"), saved);
      const still = await dialogs.nth(1).innerText();
      assert(still.includes("Bo <b>the bold</b> would still be dying."), still);
      assert((await dialogs.nth(1).locator("b").count()) === 0, "no injected markup");
    });

    await check("the roll dialog warns of a use over the turn's budget, the creature's name escaped", async () => {
      const warning = await page.locator('#cards .theme-light [data-fixture="brutal-slam-over-budget"] .ability-dialog__budget').innerText();
      assert(warning.includes("Korva <b>the bold</b> has no action left this turn.") && warning.includes("the Director is told"), warning);
      assert((await page.locator('#cards .theme-light [data-fixture="brutal-slam-two-targets"] .ability-dialog__budget').count()) === 0, "no warning within budget");
      const hidden = await page.locator('#cards .theme-light [data-fixture="brutal-slam-over-budget"] .ability-dialog__target-name').first().innerText();
      assert(hidden.includes("is hidden: it cannot be targeted with attacks"), hidden);
    });

    await check("the Grab dialog names the size edge and warns of a target larger than the user (L7022, L7030)", async () => {
      const rows = page.locator('#cards .theme-light [data-fixture="grab-sizes"] .ability-dialog__targets tbody tr');
      const smaller = await rows.nth(0).innerText();
      assert(smaller.includes("target smaller than you") && !smaller.includes("larger than you"), smaller);
      const larger = await rows.nth(1).locator(".ability-dialog__too-large").innerText();
      assert(larger.includes("Ogre Brute is larger than you: Grab targets only a creature your size or smaller."), larger);
    });

    await check("a minion squad is one row with its pool, minions alive and captain, the names escaped", async () => {
      const tracker = page.locator('[data-combat="tracker-squad"] [data-theme="theme-light"]');
      const row = tracker.locator(".combatant", { has: page.locator("[data-squad]") }).first();
      const text = await row.innerText();
      assert(text.includes("Scrappers <i>of the moss</i>") && text.includes("11 / 20") && text.includes("Minions alive: 3/4"), text);
      assert(text.includes("Captain Grubknuckle <b>the warboss</b>: an edge on the minions' strikes"), text);
      assert((await tracker.locator(".combatant", { hasText: "Mossbelly Scrapper" }).count()) === 0, "the squad's minions are not listed one by one");
      assert((await tracker.locator('[data-action="seFormSquad"]').count()) === 1, "the Director's Squad button");
    });

    await check("the acting creature's turn budget and Move button; another's spent triggered action", async () => {
      const tracker = page.locator('[data-combat="tracker-player"] [data-theme="theme-light"]');
      const bo = tracker.locator(".combatant", { hasText: "Bo" });
      const left = await bo.locator(".se-tracker__budget").innerText();
      assert(left.includes("Left: action 0") && left.includes("maneuvers 1"), left);
      assert((await bo.locator('[data-action="seMove"]').count()) === 1, "Bo's owner may record a move");
      assert((await tracker.locator('[data-action="seMove"]').count()) === 1, "one Move button");
      const ash = await tracker.locator(".combatant", { hasText: "Ash" }).locator(".se-tracker__budget").innerText();
      assert(ash.includes("Triggered action: 0 left"), ash);
    });

    await check("live tracker: sides alternate, each creature acts once, the heroes open round 2", async () => {
      const live = page.locator('[data-combat="live"] [data-theme="theme-light"]');
      const banner = () => live.locator(".se-tracker__banner-text").innerText();
      const take = (name) => live.locator(".combatant", { hasText: name }).locator('[data-action="seTakeTurn"]').click();
      const end = () => live.locator('[data-action="seEndTurn"]').click();
      assert((await banner()).includes("Heroes: pick"), await banner());
      assert((await live.locator('.se-tracker__side--director [data-action="seTakeTurn"]').count()) === 0, "the Director may not pick yet");
      await take("Bo");
      assert((await banner()).includes("Bo is acting"), await banner());
      await end();
      assert((await banner()).includes("Director: pick"), await banner());
      for (const name of ["Goblin warrior", "Ash", "Goblin <b>sniper</b>", "Cyrene"]) {
        await take(name);
        await end();
      }
      const round = await live.locator(".se-tracker__round").innerText();
      assert(round.includes("Round 2"), round);
      assert((await banner()).includes("Heroes: pick"), `heroes open round 2: ${await banner()}`);
    });

    await check("an Echoes combat: only the character who has not acted may start, adversaries are activated by the GM", async () => {
      const tracker = page.locator('[data-combat="tracker-echoes"] [data-theme="theme-light"]');
      const takers = await tracker.locator('[data-action="seTakeTurn"]').count();
      assert(takers === 1, `take-turn buttons: ${takers}`);
      assert((await tracker.locator(".combatant", { hasText: "Oren" }).locator('[data-action="seTakeTurn"]').count()) === 1, "Oren may go");
      const text = await tracker.innerText();
      assert((text.match(/Activated by the GM/g) ?? []).length === 2, text);
    });

    await check("seed 001's live order: End turn walks it highest first; the Recovery Phase gives Vigor; round 2 starts at the top", async () => {
      const live = page.locator('[data-combat="live-action-dice"] [data-theme="theme-light"]');
      const names = async () => (await live.locator(".combatant .name").allInnerTexts());
      const banner = () => live.locator(".se-tracker__banner-text").innerText();
      assert((await names()).join("|") === "Ogre|Ash <b>the bold</b>|Bo", (await names()).join("|"));
      assert((await banner()).includes("Ogre is acting"), await banner());
      assert((await live.locator('[data-action="seTakeTurn"]').count()) === 0, "nobody picks in an order");
      for (let i = 0; i < 3; i++) await live.locator('[data-action="seEndTurn"]').click();
      const round = await live.locator(".se-tracker__round").innerText();
      assert(round.includes("Round 2"), round);
      assert((await banner()).includes("Ogre is acting"), await banner());
      const log = await live.locator(".se-gallery-log").innerText();
      assert(log.includes("Ogre recovers 2 Vigor (12).") && log.includes("Bo recovers 2 Vigor (2)."), log);
      const ash = await live.locator(".combatant", { hasText: "Ash" }).innerText();
      assert(ash.includes("Vigor 5") && ash.includes("2 actions"), `Ash in round 2: ${ash}`);
      // Bo's Stats: spend Vigor to 0 (Winded), then tick In Shock (Stamina 10: ten rounds).
      const boRow = () => live.locator(".combatant").filter({ has: page.locator(".name", { hasText: /^Bo$/ }) });
      await boRow().locator('[data-action="seEngineStats"]').click();
      const stats = page.locator('[data-combat="live-action-dice"] [data-theme="theme-light"] .live-stats form');
      await stats.waitFor({ timeout: 5000 });
      await stats.locator('input[name="vigor"]').fill("0");
      await stats.locator('button[type="submit"]').click();
      let bo = await boRow().innerText();
      assert(bo.includes("Winded") && bo.includes("0 actions"), `Bo Winded: ${bo}`);
      await boRow().locator('[data-action="seEngineStats"]').click();
      await stats.locator('input[name="inShock"]').check();
      await stats.locator('button[type="submit"]').click();
      bo = await boRow().innerText();
      assert(bo.includes("Shock, rounds left: 10"), `Bo in Shock: ${bo}`);
    });

    await check("seed 003's live order: Delay sends the acting creature to the bottom, the next acts, the delayed one last", async () => {
      const live = page.locator('[data-combat="live-d12"] [data-theme="theme-light"]');
      const names = async () => (await live.locator(".combatant .name").allInnerTexts()).join("|");
      const banner = () => live.locator(".se-tracker__banner-text").innerText();
      await live.locator('[data-action="seEndTurn"]').click();
      assert((await banner()).includes("Ash is acting"), await banner());
      await live.locator('[data-action="seDelay"]').click();
      assert((await names()) === "Ogre|Goblin|Ash", await names());
      assert((await banner()).includes("Goblin is acting"), await banner());
      await live.locator('[data-action="seEndTurn"]').click();
      assert((await banner()).includes("Ash is acting"), await banner());
      const round = await live.locator(".se-tracker__round").innerText();
      assert(round.includes("Round 1"), round);
      await live.locator('[data-action="seEndTurn"]').click();
      assert((await live.locator(".se-tracker__round").innerText()).includes("Round 2"), "round 2");
      assert((await names()) === "Ogre|Goblin|Ash", `the delay holds: ${await names()}`);
    });

    await check("seed 002's tracker before the start: the Director picks the engine; SOM shown, the surprised named", async () => {
      const tracker = page.locator('[data-combat="tracker-arc"] [data-theme="theme-light"]');
      assert((await tracker.locator("select[data-se-engine]").inputValue()) === "arc", "arc selected");
      const options = await tracker.locator("select[data-se-engine] option").count();
      assert(options === 4, `engines offered: ${options}`);
      const inits = await tracker.locator(".token-initiative").allInnerTexts();
      assert(inits.join(",") === "2,3,6,", inits.join(","));
      const text = await tracker.innerText();
      assert(text.includes("No State of Mind set"), text);
      const stats = page.locator('[data-combat="engine-stats"] [data-theme="theme-light"]');
      assert((await stats.locator('input[name="som"]').getAttribute("max")) === "10", "SOM up to 10");
      assert(await stats.locator('input[name="inShock"]').isChecked(), "Shock ticked");
      assert((await stats.locator('select[name="opening"]').inputValue()) === "ambusher", "first round: Ambusher");
    });

    await check("a test with a consequence offers the Director +2 VP", async () => {
      const buttons = page.locator('[data-fixture="test-medium-success-with-consequence"] button[data-se-gain-vp="2"]');
      assert((await buttons.count()) === 2, `buttons: ${await buttons.count()}`);
      assert((await page.locator('[data-fixture="test-hard-natural-19"] button[data-se-gain-vp]').count()) === 0, "no button on a success");
    });

    await check("dark theme changes the tracker colours", async () => {
      const [light, dark] = await Promise.all(["theme-light", "theme-dark"].map((t) =>
        page.$eval(`[data-combat="tracker-gm"] .${t} .se-tracker__side`, (e) => getComputedStyle(e).backgroundColor)));
      assert(light !== dark, `light ${light} dark ${dark}`);
    });

    for (const view of [
      "live", "tracker-gm", "tracker-player", "tracker-squad", "tracker-echoes", "live-action-dice", "live-d12", "tracker-action-dice", "tracker-arc", "engine-stats",
      "pools", "recovery", "end-encounter",
      // Issue 33: the Director's end-of-encounter panel and the dying hero's prompt.
      "tracker-end", "hero-token-prompt",
    ]) {
      for (const theme of ["theme-light", "theme-dark"]) {
        await check(`screenshot of combat ${view} (${theme})`, async () => {
          await page.locator(`[data-combat="${view}"] [data-theme="${theme}"]`).screenshot({ path: path.join(SHOTS, `combat-${view}-${theme}.png`) });
        });
      }
    }

    await check("the opportunity attack card offers the free strike, the names escaped", async () => {
      const card = page.locator('[data-fixture="opportunity-attack"]').first();
      assert((await card.locator("button[data-se-opportunity]").count()) === 1, "one Free strike button");
      assert((await card.locator("b").count()) === 0, "no injected markup");
      assert((await card.innerText()).includes("Goblin <b>sniper</b>"), await card.innerText());
    });
    for (const theme of ["theme-light", "theme-dark"]) {
      await check(`screenshot of the opportunity attack card (${theme})`, async () => {
        await page.locator(`.${theme} [data-fixture="opportunity-attack"]`).screenshot({ path: path.join(SHOTS, `opportunity-attack-${theme}.png`) });
      });
    }

    // Issue 29's last gallery shots: a barred opportunity attack (L7105), Persistent Magic's choice and
    // the Elementalist's maintained list (L2872–2888), the tile configuration's fields (L7236–7243) and
    // a knock-out on an ability card (L7218).
    await check("an opportunity attack with a bane or double bane is barred: the card says which and why, with no button (L7105)", async () => {
      for (const [name, bane] of [["opportunity-attack-bane", "a bane"], ["opportunity-attack-double-bane", "a double bane"]]) {
        const card = page.locator(`[data-fixture="${name}"]`).first();
        assert((await card.locator("button").count()) === 0, `${name}: no Free strike button`);
        const text = await card.innerText();
        assert(text.includes(`can't make an opportunity attack: it would have ${bane} on the free strike (`), `${name}: ${text}`);
        assert(text.includes("Goblin <b>sniper</b>") && (await card.locator("b").count()) === 0, `${name}: the name escaped`);
      }
    });
    await check("Persistent Magic's choice lists each maintained ability with its Persistent value, names escaped (L2887)", async () => {
      const dialog = page.locator('[data-fixture="maintenance-choice"]').first();
      const options = await dialog.locator('select[name="ability"] option').allInnerTexts();
      assert(options.join("|") === "Burn! (Persistent 1)|Conflagration <i>of Ash</i> (Persistent 2)", options.join("|"));
      assert((await dialog.locator("select i").count()) === 0, "no injected markup");
    });
    await check("the Elementalist's sheet lists what she maintains with its upkeep and a Stop for each (L2876)", async () => {
      const list = page.locator('[data-sheet="elementalist-maintaining"] [data-theme="theme-light"] .maintained');
      assert((await list.locator(".maintained__item").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim()).join("|") === "Burn! Persistent 1 Stop maintaining|Conflagration Persistent 2 Stop maintaining",
        (await list.locator(".maintained__item").allInnerTexts()).join("|"));
      assert((await list.locator(".actor-sheet__group-title").innerText()).includes("Upkeep: 3 essence less at the start of each turn"), await list.locator(".actor-sheet__group-title").innerText());
      assert((await list.locator('[data-action="stopMaintaining"]').count()) === 3, "a Stop for each and Stop all");
    });
    await check("the Elementalist's sheet lists the creature she holds grabbed, with Release (L6676)", async () => {
      const held = page.locator('[data-sheet="elementalist-maintaining"] [data-theme="theme-light"] .holding');
      const rows = (await held.locator(".holding__item").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
      assert(rows.join("|") === "Goblin Skirmisher Release", rows.join("|"));
      assert((await held.locator('[data-action="releaseGrab"]').getAttribute("aria-label")) === "Let go of Goblin Skirmisher (no action required)", "its label");
    });
    await check("the tile configuration offers the material, and for an object its damage taken and Stamina (L7236–7243)", async () => {
      const none = page.locator('[data-fixture="tile-no-material"]').first();
      assert((await none.locator("select").inputValue()) === "", "not an object");
      assert((await none.locator('input[type="number"]').count()) === 0, "no damage field without a material");
      const wall = page.locator('[data-fixture="tile-stone-wall-damaged"]').first();
      assert((await wall.locator("select").inputValue()) === "stone", "stone");
      assert((await wall.locator('input[name="flags.steel-echoes.damage"]').inputValue()) === "5", "5 damage taken");
      assert((await wall.innerText()).includes("Stamina 13 of 18"), await wall.innerText());
    });
    await check("an ability card says who was knocked out instead of killed, and offers Knock out on the rows left (L7218)", async () => {
      const card = page.locator('.theme-light [data-fixture="knocked-out"]');
      const text = await card.innerText();
      assert(text.includes("knocked out instead of killed") && text.includes("which killed it: it was knocked out"), text);
      assert((await card.locator('[data-se-action="knockOut"]').count()) === 1, "Knock out on the one row not applied");
    });
    await check("the Knockback dialog warns a grabbed user (L6674) and of a second target (L7045, L1987), the name escaped", async () => {
      const dialog = page.locator('.theme-light [data-fixture="knockback-while-grabbed"]');
      const warnings = await dialog.locator(".ability-dialog__rule").allInnerTexts();
      assert(warnings.length === 2, warnings.join("|"));
      assert(warnings[0].includes("Korva <b>the bold</b> is grabbed and can't use the Knockback maneuver."), warnings[0]);
      assert(warnings[1].includes("Knockback targets only one creature."), warnings[1]);
    });
    for (const theme of ["theme-light", "theme-dark"]) {
      await check(`screenshots of issue 29's last gallery shots (${theme})`, async () => {
        for (const name of ["knockback-while-grabbed", "opportunity-attack-bane", "opportunity-attack-double-bane", "maintenance-choice", "tile-no-material", "tile-stone-wall-damaged", "knocked-out"]) {
          await page.locator(`.${theme} [data-fixture="${name}"]`).screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`) });
        }
        await page.locator(`[data-sheet="elementalist-maintaining"] [data-theme="${theme}"] [data-tab="abilities"].tab`)
          .screenshot({ path: path.join(SHOTS, `hero-elementalist-maintained-${theme}.png`) });
      });
    }

    await check("the EDGE hand offers each card's two sentences, burn and discard", async () => {
      const hand = page.locator('[data-fixture="edge-hand"]').first();
      assert((await hand.locator('input[type="radio"][name="choice"]').count()) === 8, "two cards, four choices each");
      await hand.locator('input[value="old-friend|burn"]').check();
      assert(await hand.locator('input[value="old-friend|burn"]').isChecked(), "burn is chosen");
      const text = await hand.innerText();
      assert(text.includes("Power Surge") && text.includes("The lights die at the worst possible moment."), text);
    });
    for (const theme of ["theme-light", "theme-dark"]) {
      await check(`screenshot of the EDGE hand (${theme})`, async () => {
        await page.locator(`.${theme} [data-fixture="edge-hand"]`).screenshot({ path: path.join(SHOTS, `edge-hand-${theme}.png`) });
      });
    }

    // The battlefield maps, drawn from the rules (gallery/battlefield.ts).
    await check("battlefield maps show what the rules decide", async () => {
      const attr = (name, key) => page.locator(`[data-battlefield="${name}"]`).getAttribute(key);
      assert((await attr("burst", "data-targeted")) === "g1 ogre", `burst: ${await attr("burst", "data-targeted")} (the goblin behind the wall is spared)`);
      assert((await attr("cube", "data-targeted")) === "g1 g2", `cube: ${await attr("cube", "data-targeted")}`);
      assert((await attr("push", "data-moved")) === "1" && (await attr("push", "data-damage")) === "3", "push into the goblin: 1 square, 3 damage");
      assert((await attr("push-wall", "data-stopped")) === "wall" && (await attr("push-wall", "data-damage")) === "2", "push into a wall: 2 damage");
      const clear = Number(await attr("line-of-effect", "data-clear"));
      assert(clear > 0 && clear < 16, `line of effect past the pillar: ${clear} clear lines`);
      assert((await attr("opportunity", "data-targeted")) === "g1 g2", `opportunity: ${await attr("opportunity", "data-targeted")}`);
      assert((await attr("line", "data-targeted")) === "g1 g2", `line: ${await attr("line", "data-targeted")}`);
      assert((await attr("wall-area", "data-blocked")) === "true", "the wall area blocks line of effect");
      assert((await attr("push-objects", "data-stopped")) === "object", `push through glass into stone: ${await attr("push-objects", "data-stopped")}`);
      assert((await page.locator("[data-battlefield] .bf-targeted").count()) === 8, "targeted creatures ringed");
      // Speed 5 over 7 squares: 2 beyond; halved to 2 over 5 squares: 3 beyond (L6836, L6674).
      assert((await attr("ruler", "data-over")) === "5", `ruler: ${await attr("ruler", "data-over")} squares beyond speed`);
      assert((await page.locator('[data-battlefield="ruler"] .bf-over').count()) === 5, "squares beyond speed drawn red");
    });
    for (const name of ["burst", "cube", "line", "wall-area", "push", "push-wall", "push-objects", "line-of-effect", "opportunity", "ruler"]) {
      await check(`screenshot of the battlefield map ${name}`, async () => {
        await page.locator(`[data-battlefield="${name}"]`).screenshot({ path: path.join(SHOTS, `battlefield-${name}.png`) });
      });
    }

    await check("no console errors", async () => {
      assert(consoleErrors.length === 0, consoleErrors.join("\n"));
    });

    await check("every screenshot the docs name was made", async () => {
      const docs = [path.join(GALLERY, "..", "README.md"), ...readdirSync(path.join(GALLERY, "..", "docs")).filter((f) => f.endsWith(".md")).map((f) => path.join(GALLERY, "..", "docs", f))];
      const named = new Set(docs.flatMap((f) => [...readFileSync(f, "utf8").matchAll(/gallery\/screenshots\/([\w.-]+\.png)/g)].map((m) => m[1])));
      const missing = [...named].filter((f) => !existsSync(path.join(SHOTS, f)));
      assert(named.size > 0 && missing.length === 0, `named in the docs but not made: ${missing.join(", ")}`);
    });

    // The built system in Chromium (issue 31): the entry loads once, and each world fetches only the
    // chunks of the games it plays, registered before game.i18n.initialize() resolves.
    const dist = mkdtempSync(path.join(os.tmpdir(), "steel-echoes-e2e-dist-"));
    try {
      await buildSystem({ outDir: dist });
      const off = (...games) => Object.fromEntries(games.map((g) => [`steel-echoes.game${g}`, false]));
      const worlds = [
        // A game's chunk with what it shares with others (tools/build.mjs SHARED_CHUNKS) and its rules.
        ["every game (the default)", {}, ["actionDice", "arc", "d12", "echoes"], [
          "steel-echoes.mjs", "chunks/echoes.mjs", "chunks/action-dice.mjs", "chunks/arc.mjs", "chunks/d12.mjs", "chunks/applications-dialogs-form-dialog.mjs",
          "chunks/dice-check-roll.mjs", "chunks/rules-action-dice.mjs", "chunks/rules-arc.mjs", "chunks/rules-d12.mjs",
          // What seeds 002's and 003's checks share with code that left the entry (issue 31): posting rolls, who speaks for a combatant.
          "chunks/applications-chat-post-rolls.mjs", "chunks/documents-combat-speakers.mjs",
        ]],
        ["a Draw Steel world", off("Echoes", "ActionDice", "Arc", "D12"), [], ["steel-echoes.mjs"]],
        ["an Echoes-only world", off("DrawSteel", "ActionDice", "Arc", "D12"), ["echoes"], ["steel-echoes.mjs", "chunks/echoes.mjs", "chunks/applications-dialogs-form-dialog.mjs"]],
        ["an ARC-only world", off("DrawSteel", "Echoes", "ActionDice", "D12"), ["arc"], [
          "steel-echoes.mjs", "chunks/arc.mjs", "chunks/dice-check-roll.mjs", "chunks/rules-arc.mjs",
          "chunks/applications-chat-post-rolls.mjs", "chunks/documents-combat-speakers.mjs",
        ]],
      ];
      // rolldown's runtime helpers (`__name`, `__exportAll`), split off the entry: no code of ours (test/build.test.ts checks it).
      const ours = (files) => files.filter((f) => f !== "chunks/shared-rolldown-runtime.mjs");
      for (const [name, stored, games, files] of worlds) {
        await check(`the built system starts ${name} in Chromium with only its games' chunks`, async () => {
          const run = await startWorld(browser, dist, stored);
          assert(run.errors.length === 0, run.errors.join("\n"));
          assert(run.atInit.length === 0, `registered before initialize: ${run.atInit.join(", ")}`);
          assert(JSON.stringify(run.afterInitialize) === JSON.stringify(games), `registered: ${run.afterInitialize.join(", ")}`);
          assert(JSON.stringify(ours(run.requested).sort()) === JSON.stringify([...files].sort()), `fetched: ${run.requested.join(", ")}`);
        });
      }
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  } finally {
    await browser.close();
    server.close();
  }
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`Screenshots: ${path.relative(process.cwd(), SHOTS)}/`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log(`${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length + 1} failed`);
  process.exit(1);
});
