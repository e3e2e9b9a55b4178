// Ending a grab and naming a grab set from the token HUD (seed 004): "The creature grabbing you can
// end the grab at any time (no action required)" (L6676); the grabbed creature's own way out is
// Escape Grab, a roll (L7003–7011); Grab is "Reach 1" (L7021) and a grab ends once its grabber
// stands away (L6676); grabbed is one condition (L6674, L6612).
import { describe, expect, it } from "vitest";
import {
  HUD_GRAB, grabReleaseProblem, holdersAfterRelease, hudGrabProblem, hudGrabRecord, isGrabRecord, withoutGrab,
} from "../../src/rules/index.ts";
import type { GrabRecord } from "../../src/rules/index.ts";

const rec = (grabbed: string, grabber: string): GrabRecord => ({ grabbed, grabber, escapeBane: false, dragDamage: 0, message: "m1", key: `k-${grabbed}` });
const sq = (x: number, y: number, size = 1) => ({ x, y, size });

describe("the grabber ends its grab at any time (L6676)", () => {
  const live = [rec("goblin", "korva"), rec("hound", "ogre")];
  it("its owner or the Director may: nothing else is asked (no action required)", () => {
    expect(grabReleaseProblem(live, "goblin", "korva", { isGM: false, ownsGrabber: true })).toBeNull();
    expect(grabReleaseProblem(live, "goblin", "korva", { isGM: true, ownsGrabber: false })).toBeNull();
  });
  it("anyone else may not: the grabbed creature's owner escapes by Escape Grab's roll (L7003), another player not at all", () => {
    expect(grabReleaseProblem(live, "goblin", "korva", { isGM: false, ownsGrabber: false })).toBe("notYours");
  });
  it("a grab that is not recorded, or another grabber's, is nothing to release, for the Director too", () => {
    expect(grabReleaseProblem(live, "goblin", "ogre", { isGM: true, ownsGrabber: true })).toBe("noGrab");
    expect(grabReleaseProblem(live, "hound", "korva", { isGM: false, ownsGrabber: true })).toBe("noGrab");
    expect(grabReleaseProblem([], "goblin", "korva", { isGM: true, ownsGrabber: true })).toBe("noGrab");
  });
  it("the release takes out that grab only", () => {
    const both = [...live, rec("goblin", "vex")];
    expect(withoutGrab(both, "goblin", "korva")).toEqual([rec("hound", "ogre"), rec("goblin", "vex")]);
    expect(withoutGrab(both, "goblin", "nobody")).toEqual(both);
  });
  it("a creature two others hold stays grabbed by the one that did not let go (one condition, L6674)", () => {
    const both = [...live, rec("goblin", "vex")];
    expect(holdersAfterRelease(both, "goblin", "korva")).toEqual(["vex"]);
    expect(holdersAfterRelease(live, "goblin", "korva")).toEqual([]);
  });
});

describe("a grab named from the token HUD (L7021, L6676)", () => {
  const base = { grabbed: "goblin", grabber: "korva", grabbedSpace: sq(1, 0), grabberSpace: sq(0, 0), isGM: false, ownsGrabber: true };
  it("records a grabber standing next to the grabbed creature, named by its owner or the Director", () => {
    expect(hudGrabProblem(base)).toBeNull();
    expect(hudGrabProblem({ ...base, ownsGrabber: false, isGM: true })).toBeNull();
    // Diagonal, and a size-2 grabber whose far square touches: adjacent.
    expect(hudGrabProblem({ ...base, grabbedSpace: sq(1, 1) })).toBeNull();
    expect(hudGrabProblem({ ...base, grabberSpace: sq(-1, 0, 2) })).toBeNull();
  });
  it("refuses the creature itself, one standing away or off the map, and a player's claim for a grabber she does not own", () => {
    expect(hudGrabProblem({ ...base, grabber: "goblin" })).toBe("self");
    expect(hudGrabProblem({ ...base, grabbedSpace: sq(2, 0) })).toBe("notAdjacent");
    expect(hudGrabProblem({ ...base, grabberSpace: null, isGM: true })).toBe("notAdjacent");
    expect(hudGrabProblem({ ...base, ownsGrabber: false })).toBe("notYours");
  });
  it("its record has no ability's clauses (L3469 is Impaling Strike's) and is a valid record", () => {
    const r = hudGrabRecord("goblin", "korva", "WXHHKy15IZbQ8zE8");
    expect(r).toEqual({ grabbed: "goblin", grabber: "korva", escapeBane: false, dragDamage: 0, message: HUD_GRAB, key: "WXHHKy15IZbQ8zE8" });
    expect(isGrabRecord(r)).toBe(true);
  });
});
