/**
 * The gallery's battlefield section: small maps drawn as SVG from the same rules the system runs on
 * a scene (src/rules/battlefield.ts, line-of-effect.ts, movement.ts) — a burst with a wall in it, a
 * placed cube, a push into a creature, line of effect around a pillar, an opportunity attack, and a
 * push into a wall. Each figure carries what the rules decided as data attributes, which the
 * browser tests read (tools/e2e.mjs), and is screenshotted to gallery/screenshots/battlefield-*.png.
 */
import {
  areaRectangles, burstSquares, burstTargets, cubeAround, forcedMovement, grabHalvesSpeed, isWallShape, lineBlocked, lineOfEffect, lineSquares,
  moveAgainstSpeed, opportunityAttackers, spaceCorners, spaceSquares, speedNow, squaresOutline, straightPath, targetsInArea,
} from "../src/rules/index.ts";
import type { AreaCreature, GridSpace, WallSegment } from "../src/rules/index.ts";

const CELL = 32;
type Creature = AreaCreature & { label: string };
interface MapDraw {
  width: number;
  height: number;
  area?: { x: number; y: number }[];
  path?: GridSpace[];
  /** Steps of the path beyond the mover's speed, drawn red as the token ruler draws them. */
  over?: ReadonlySet<number>;
  walls?: WallSegment[];
  creatures: Creature[];
  targeted?: ReadonlySet<string>;
  lines?: { from: { x: number; y: number }; to: { x: number; y: number }; clear: boolean }[];
  marks?: { x: number; y: number; text: string }[];
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" })[c]!);

function svg(map: MapDraw): string {
  const w = map.width * CELL;
  const h = map.height * CELL;
  const parts: string[] = [`<rect x="0" y="0" width="${w}" height="${h}" class="bf-ground"/>`];
  for (let x = 0; x <= map.width; x++) parts.push(`<line x1="${x * CELL}" y1="0" x2="${x * CELL}" y2="${h}" class="bf-grid"/>`);
  for (let y = 0; y <= map.height; y++) parts.push(`<line x1="0" y1="${y * CELL}" x2="${w}" y2="${y * CELL}" class="bf-grid"/>`);
  // The area as the Region the system draws: the fewest rectangles covering its squares.
  for (const r of areaRectangles(map.area ?? [])) {
    parts.push(`<rect x="${r.x * CELL}" y="${r.y * CELL}" width="${r.width * CELL}" height="${r.height * CELL}" class="bf-area"/>`);
  }
  for (const [i, s] of (map.path ?? []).entries()) {
    parts.push(`<rect x="${s.x * CELL + 8}" y="${s.y * CELL + 8}" width="${s.size * CELL - 16}" height="${s.size * CELL - 16}" class="bf-path${map.over?.has(i) ? " bf-over" : ""}" data-step="${i}"/>`);
  }
  for (const l of map.lines ?? []) {
    parts.push(`<line x1="${l.from.x * CELL}" y1="${l.from.y * CELL}" x2="${l.to.x * CELL}" y2="${l.to.y * CELL}" class="${l.clear ? "bf-sight" : "bf-blocked"}"/>`);
  }
  for (const wall of map.walls ?? []) {
    parts.push(`<line x1="${wall.x0 * CELL}" y1="${wall.y0 * CELL}" x2="${wall.x1 * CELL}" y2="${wall.y1 * CELL}" class="bf-wall"/>`);
  }
  for (const c of map.creatures) {
    const { x, y, size } = c.space;
    const side = c.disposition > 0 ? "hero" : c.disposition < 0 ? "enemy" : "neutral";
    const hit = map.targeted?.has(c.id) ? " bf-targeted" : "";
    parts.push(`<g data-creature="${esc(c.id)}" class="bf-creature bf-${side}${hit}"><circle cx="${(x + size / 2) * CELL}" cy="${(y + size / 2) * CELL}" r="${size * CELL / 2 - 4}"/>`
      + `<text x="${(x + size / 2) * CELL}" y="${(y + size / 2) * CELL + 4}">${esc(c.label)}</text></g>`);
  }
  for (const m of map.marks ?? []) parts.push(`<text x="${m.x * CELL}" y="${m.y * CELL}" class="bf-mark">${esc(m.text)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join("")}</svg>`;
}

const at = (x: number, y: number, size = 1): GridSpace => ({ x, y, size });
const creature = (id: string, label: string, space: GridSpace, disposition: number): Creature => ({ id, label, space, disposition });

/** A 2 burst around Korva: a wall shields the goblin behind it (L6519). */
function burstFigure() {
  const korva = creature("korva", "K", at(5, 4), 1);
  const walls = [{ x0: 4, y0: 0, x1: 4, y1: 4 }];
  const creatures = [korva, creature("g1", "G", at(6, 6), -1), creature("g2", "G", at(3, 2), -1), creature("g3", "G", at(1, 6), -1),
    creature("ryn", "R", at(4, 5), 1), creature("ogre", "O", at(7, 2, 2), -1)];
  const targeted = new Set(burstTargets({ self: korva, distance: 2, affects: "enemy", creatures, walls }));
  return { name: "burst", title: "Flame Burst, 2 burst, each enemy: a wall shields a goblin", targeted,
    html: svg({ width: 11, height: 9, area: burstSquares(korva.space, 2), walls, creatures, targeted }) };
}

/** A 3 cube within 5, placed on a clicked centre square (L6517). */
function cubeFigure() {
  const korva = creature("korva", "K", at(1, 1), 1);
  const cube = cubeAround({ x: 6, y: 5 }, 3);
  const creatures = [korva, creature("g1", "G", at(5, 4), -1), creature("g2", "G", at(7, 6), -1), creature("ryn", "R", at(6, 5), 1), creature("g3", "G", at(9, 5), -1)];
  const targeted = new Set(targetsInArea({ self: korva, squares: spaceSquares(cube), origin: at(6, 5), affects: "enemy", creatures }));
  return { name: "cube", title: "3 cube within 5, centred on the clicked square: each enemy inside", targeted,
    html: svg({ width: 11, height: 8, area: spaceSquares(cube), creatures, targeted, marks: [{ x: 6.3, y: 5.7, text: "×" }] }) };
}

/** Push 4 from Korva: the ogre slams into a goblin with 3 squares left (L6946). */
function pushFigure() {
  const korva = creature("korva", "K", at(1, 3), 1);
  const ogre = creature("ogre", "O", at(2, 3), -1);
  const goblin = creature("goblin", "G", at(4, 3), -1);
  const r = forcedMovement({ kind: "push", mover: ogre.space, source: korva.space, distance: 4, stability: 0, creatures: [{ ...goblin.space, id: "goblin" }], objects: [] });
  const path = straightPath(ogre.space, r.end);
  return { name: "push", title: `Push 4: moved ${r.moved}, slammed into the goblin, ${r.damage} damage to each`, result: r,
    html: svg({ width: 8, height: 7, path, creatures: [korva, { ...ogre, space: r.end }, goblin], marks: [{ x: 4, y: 3.2, text: `${r.damage}!` }] }) };
}

/** Push 4 into a wall: the ogre stops at it and takes 1 per square left (L6956). */
function wallFigure() {
  const korva = creature("korva", "K", at(1, 3), 1);
  const ogre = creature("ogre", "O", at(2, 3), -1);
  const walls = [{ x0: 5, y0: 0, x1: 5, y1: 7 }];
  const r = forcedMovement({ kind: "push", mover: ogre.space, source: korva.space, distance: 4, stability: 0, creatures: [], objects: [], walls });
  return { name: "push-wall", title: `Push 4 into a wall: moved ${r.moved}, ${r.damage} damage`, result: r,
    html: svg({ width: 8, height: 7, path: straightPath(ogre.space, r.end), walls, creatures: [korva, { ...ogre, space: r.end }] }) };
}

/** Line of effect around a pillar: every corner-to-corner line, clear or blocked (L6646). */
function sightFigure() {
  const korva = creature("korva", "K", at(1, 3), 1);
  const goblin = creature("goblin", "G", at(7, 0), -1);
  const walls = [{ x0: 4, y0: 2, x1: 5, y1: 2 }, { x0: 5, y0: 2, x1: 5, y1: 4 }, { x0: 5, y0: 4, x1: 4, y1: 4 }, { x0: 4, y0: 4, x1: 4, y1: 2 }];
  const lines = spaceCorners(korva.space).flatMap((a) => spaceCorners(goblin.space).map((b) => ({ from: a, to: b, clear: !lineBlocked(a, b, walls) })));
  return { name: "line-of-effect", title: `Line of effect past a pillar: ${lines.filter((l) => l.clear).length} of 16 corner lines clear`, lines,
    html: svg({ width: 9, height: 7, walls, lines, creatures: [korva, goblin] }) };
}

/** Walking out of two goblins' reach provokes them; the one Korva stays beside does not (L7103). */
function opportunityFigure() {
  const korva = creature("korva", "K", at(3, 3), 1);
  const path = [...straightPath(korva.space, { x: 3, y: 5 }), ...straightPath(at(3, 5), { x: 6, y: 5 }).slice(1)];
  const goblins = [creature("g1", "G", at(2, 2), -1), creature("g2", "G", at(4, 2), -1), creature("g3", "G", at(7, 6), -1)];
  const ids = opportunityAttackers({ path, kind: "move", mover: korva, creatures: goblins.map((g) => ({ ...g, reach: 1, canAct: true })) });
  return { name: "opportunity", title: `Walking away: ${ids.length} opportunity attacks (shifting: none)`, targeted: new Set(ids),
    html: svg({ width: 9, height: 8, path, creatures: [{ ...korva, space: path.at(-1)! }, ...goblins], targeted: new Set(ids) }) };
}

/**
 * The token ruler against speed (L6836, L6674): Korva (speed 5) walks 7 squares, the last 2 beyond
 * her speed; holding a size-2 ogre she is halved to 2 (rounded down), and 3 squares are beyond it.
 * The marks are the ruler's labels at the last square of each move (src/canvas/token-ruler.ts).
 */
function rulerFigure() {
  const korva = creature("korva", "K", at(1, 1), 1);
  const walk = straightPath(korva.space, { x: 8, y: 1 });
  const free = walk.map((_, i) => moveAgainstSpeed({ cost: i, squareDistance: 1, speed: 5 }));
  const held = creature("ogre", "O", at(1, 4, 2), -1);
  const grabber = creature("korva2", "K", at(3, 4), 1);
  const halved = speedNow({ speed: 5, halvedBy: grabHalvesSpeed({ value: 1, letter: "M" }, [{ value: 2 }]) ? ["grab"] : [] });
  const drag = straightPath(grabber.space, { x: 8, y: 4 });
  const slow = drag.map((_, i) => moveAgainstSpeed({ cost: i, squareDistance: 1, speed: halved.speed }));
  const label = (r: ReturnType<typeof moveAgainstSpeed>, suffix = "") => `${r.squares} / ${r.speed}${suffix}${r.over && r.moves ? ` · ${r.moves} moves` : ""}`;
  const over = new Set([...free.flatMap((r, i) => (r.over ? [i] : [])), ...slow.flatMap((r, i) => (r.over ? [walk.length + i] : []))]);
  const overCount = over.size;
  return { name: "ruler", title: `The ruler against speed: ${overCount} squares beyond it (speed 5; halved to ${halved.speed} holding the ogre)`, overCount,
    html: svg({ width: 15, height: 7, path: [...walk, ...drag], over, creatures: [korva, held, grabber],
      marks: [{ x: 6.05, y: 0.75, text: label(free[5]!) }, { x: 8.05, y: 2.7, text: label(free[7]!) },
        { x: 5.05, y: 3.75, text: label(slow[2]!, " (halved)") }, { x: 8.05, y: 5.7, text: label(slow[5]!, " (halved)") }] }) };
}

/** A 5 × 1 line within 1, placed by its first square and a square toward the east (L6526). */
function lineFigure() {
  const korva = creature("korva", "K", at(1, 3), 1);
  const squares = lineSquares({ x: 2, y: 3 }, { x: 9, y: 3 }, 5, 1);
  const creatures = [korva, creature("g1", "G", at(4, 3), -1), creature("g2", "G", at(6, 3), -1), creature("g3", "G", at(5, 5), -1)];
  const targeted = new Set(targetsInArea({ self: korva, squares, origin: at(2, 3), affects: "enemy", creatures }));
  return { name: "line", title: "5 × 1 line within 1: each enemy on the line", targeted, html: svg({ width: 9, height: 7, area: squares, creatures, targeted }) };
}

/** A 4 wall built square by square: walls on its outline block line of effect (L6527). */
function wallAreaFigure() {
  const korva = creature("korva", "K", at(1, 3), 1);
  const goblin = creature("goblin", "G", at(6, 3), -1);
  const squares = [{ x: 4, y: 2 }, { x: 4, y: 3 }, { x: 4, y: 4 }, { x: 3, y: 4 }];
  const walls = isWallShape(squares, 4) ? squaresOutline(squares) : [];
  const blocked = !lineOfEffect(korva.space, goblin.space, walls);
  return { name: "wall-area", title: `4 wall: ${blocked ? "no line of effect past it" : "line of effect"}`, blocked,
    html: svg({ width: 8, height: 7, area: squares, walls, creatures: [korva, goblin] }) };
}

/** Push 5 through a glass window and into a stone column (L6960–6969). */
function objectFigure() {
  const korva = creature("korva", "K", at(1, 3), 1);
  const ogre = creature("ogre", "O", at(2, 3), -1);
  const objects = [{ ...at(3, 3), material: "glass" as const }, ...[2, 3, 4].map((y) => ({ ...at(6, y), material: "stone" as const }))];
  const r = forcedMovement({ kind: "push", mover: ogre.space, source: korva.space, distance: 5, stability: 0, creatures: [], objects });
  return { name: "push-objects", title: `Push 5 through glass (broken) into stone: moved ${r.moved}, ${r.damage} damage`, result: r,
    html: svg({ width: 8, height: 7, area: objects.filter((o) => !(r.brokenAt ?? []).some((b) => b.x === o.x && b.y === o.y)), path: straightPath(ogre.space, r.end),
      creatures: [korva, { ...ogre, space: r.end }], marks: (r.brokenAt ?? []).map((b) => ({ x: b.x + 0.3, y: b.y + 0.7, text: "✶" })) }) };
}

export function renderBattlefieldSection(root: HTMLElement): void {
  const section = document.createElement("section");
  section.id = "battlefield";
  const figures = [burstFigure(), cubeFigure(), lineFigure(), wallAreaFigure(), pushFigure(), wallFigure(), objectFigure(), sightFigure(), opportunityFigure(), rulerFigure()];
  section.innerHTML = `<h1>Battlefield</h1>${figures.map((f) => {
    const targeted = "targeted" in f && f.targeted ? [...f.targeted].join(" ") : "";
    const result = "result" in f && f.result ? ` data-moved="${f.result.moved}" data-damage="${f.result.damage}" data-stopped="${f.result.stoppedBy ?? ""}"` : "";
    const clear = "lines" in f && f.lines ? ` data-clear="${f.lines.filter((l) => l.clear).length}"` : "";
    const blocked = "blocked" in f ? ` data-blocked="${f.blocked}"` : "";
    const overCount = "overCount" in f ? ` data-over="${f.overCount}"` : "";
    return `<figure class="bf-figure" data-battlefield="${f.name}" data-targeted="${targeted}"${result}${clear}${blocked}${overCount}>${f.html}<figcaption>${esc(f.title)}</figcaption></figure>`;
  }).join("")}`;
  root.append(section);
}
