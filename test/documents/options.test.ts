import { describe, expect, it } from "vitest";
import { applyOption, dropPlan, grantedItemIds, removeOption } from "../../src/documents/options.ts";
import type { OptionHost, OptionServices } from "../../src/documents/options.ts";

interface Stored { id: string; type: string; name: string; flags?: Record<string, Record<string, unknown>> }

/** An actor that keeps its items in memory, creating them with fresh ids as Foundry does. */
function fakeActor(items: Stored[] = []): OptionHost & { stored: Stored[] } {
  let next = 100;
  const actor = {
    stored: items,
    get items() {
      return actor.stored;
    },
    async createEmbeddedDocuments(_name: "Item", data: object[]) {
      const created = data.map((d) => ({ ...(d as Stored), id: `item${next++}` }));
      actor.stored.push(...created);
      return created;
    },
    async deleteEmbeddedDocuments(_name: "Item", ids: string[]) {
      actor.stored = actor.stored.filter((i) => !ids.includes(i.id));
    },
  };
  return actor;
}

function services(answer = true, asked: string[] = []): OptionServices {
  return {
    confirm: async (_title, content) => {
      asked.push(content);
      return answer;
    },
    load: async (uuids) => uuids.map((uuid) => ({ _id: "source", type: "feature", name: `Granted ${uuid}` })),
    localize: (key, data) => `${key}${data ? JSON.stringify(data) : ""}`,
  };
}

describe("drop plan", () => {
  it("replaces the hero's existing option of the same kind, adds anything else", () => {
    const items = [{ id: "c1", type: "class", name: "Fury" }, { id: "a1", type: "ability", name: "Slam" }];
    expect(dropPlan(items, "class")).toEqual({ replaces: items[0], single: true });
    expect(dropPlan(items, "kit")).toEqual({ replaces: null, single: true });
    expect(dropPlan(items, "ability")).toEqual({ replaces: null, single: false });
  });
});

describe("applying options", () => {
  it("adds an option and the items it grants, flagged with the option", async () => {
    const actor = fakeActor();
    const created = await applyOption(actor, { type: "ancestry", name: "Dwarf", system: { grants: ["uuid.a", "uuid.b"] } }, services());
    expect(actor.stored.map((i) => i.name)).toEqual(["Dwarf", "Granted uuid.a", "Granted uuid.b"]);
    expect(grantedItemIds(actor.stored, created!.id!)).toEqual([actor.stored[1]!.id, actor.stored[2]!.id]);
    expect(actor.stored[1]!.flags).toEqual({ "steel-echoes": { grantedBy: created!.id } });
  });

  it("replaces the old option and what it granted after the user confirms", async () => {
    const actor = fakeActor();
    const asked: string[] = [];
    await applyOption(actor, { type: "class", name: "Fury", system: { grants: ["uuid.rage"] } }, services(true, asked));
    await applyOption(actor, { type: "class", name: "Shadow", system: { grants: ["uuid.insight"] } }, services(true, asked));
    expect(actor.stored.map((i) => i.name)).toEqual(["Shadow", "Granted uuid.insight"]);
    expect(asked).toEqual(['SE.Option.ReplaceContent{"old":"Fury","new":"Shadow"}']);
  });

  it("changes nothing when the user declines", async () => {
    const actor = fakeActor();
    await applyOption(actor, { type: "kit", name: "Mountain", system: { grants: [] } }, services());
    const result = await applyOption(actor, { type: "kit", name: "Panther", system: { grants: [] } }, services(false));
    expect(result).toBeNull();
    expect(actor.stored.map((i) => i.name)).toEqual(["Mountain"]);
  });

  it("removing an option removes exactly what it granted", async () => {
    const actor = fakeActor([{ id: "own", type: "feature", name: "Mine" }]);
    const option = await applyOption(actor, { type: "career", name: "Soldier", system: { grants: ["uuid.x"] } }, services());
    await removeOption(actor, option!);
    expect(actor.stored.map((i) => i.name)).toEqual(["Mine"]);
  });
});
