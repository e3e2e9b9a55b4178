/**
 * What the party sheet computes and does (issue 32), as its own chunk (loaded by party-sheet.ts on
 * the first render). The pure view-model builds the context; the party's documents code adds and
 * removes members, changes the pool and places the members' tokens.
 */
import { partySheetContext } from "../view-models/party-sheet.ts";
import type { PartyMemberInput } from "../view-models/party-sheet.ts";
import { partyMembers, primaryParty } from "../../documents/party.ts";
import { addToParty, changePartyTokens, placePartyMembers, removeFromParty } from "../../documents/party-actions.ts";
import type { PlacementScene, SceneArea } from "../../documents/party-actions.ts";
import { isParty } from "../../data/index.ts";

type AnyActor = Actor.Implementation;
type SheetLike = { actor: AnyActor; isEditable: boolean };

/** A hero's data as the party sheet reads it (the hero model's prepared values). */
interface HeroView {
  stamina?: { value?: number; max?: number; temporary?: number; state?: string };
  recoveries?: { value?: number; max?: number };
  victories?: number;
  heroicResource?: { value?: number; name?: string };
}

const num = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? n : 0);

function memberInput(actor: AnyActor): PartyMemberInput {
  // Type escape: Foundry types actor.system as the union of every sub-type's model; a member is a hero.
  const s = actor.system as unknown as HeroView;
  return {
    id: actor.id!,
    name: actor.name ?? "",
    img: actor.img ?? "",
    stamina: { value: num(s.stamina?.value), max: num(s.stamina?.max), temporary: num(s.stamina?.temporary), state: String(s.stamina?.state ?? "") },
    recoveries: { value: num(s.recoveries?.value), max: num(s.recoveries?.max) },
    victories: num(s.victories),
    resource: { name: String(s.heroicResource?.name ?? ""), value: num(s.heroicResource?.value) },
    statuses: [...actor.statuses],
    canView: actor.testUserPermission(game.user!, "OBSERVER"),
  };
}

/** The party sheet's context. */
export function partyContext(sheet: SheetLike, mode: "play" | "edit") {
  const party = sheet.actor;
  const system = isParty(party.system) ? party.system : null;
  const members = partyMembers(party);
  return partySheetContext({
    name: party.name ?? "",
    img: party.img ?? "",
    mode,
    editable: sheet.isEditable,
    isGM: !!game.user?.isGM,
    primary: primaryParty() === party,
    heroTokens: system?.heroTokens ?? 0,
    members: members.map(memberInput),
    missing: (system?.members.length ?? 0) - members.length,
    sceneName: game.scenes?.viewed?.name ?? null,
  });
}

/** A hero dropped on the sheet joins the party. */
export async function dropActor(sheet: SheetLike, actor: AnyActor): Promise<void> {
  if (await addToParty(sheet.actor, actor)) {
    ui.notifications?.info(game.i18n!.format("SE.Party.Added", { name: actor.name ?? "", party: sheet.actor.name ?? "" }));
  }
}

/**
 * Where the GM's view is and the viewed scene's area, in canvas pixels (v13 `canvas.stage.pivot`, the
 * point at the centre of the screen, and `canvas.dimensions`: sceneX, sceneY, sceneWidth, sceneHeight).
 */
function viewOf(): { center: { x: number; y: number }; area: SceneArea } | null {
  // Type escape: read only these members of the canvas, which the League types as possibly not ready.
  const c = canvas as unknown as {
    ready?: boolean; stage?: { pivot: { x: number; y: number } };
    dimensions?: { sceneX: number; sceneY: number; sceneWidth: number; sceneHeight: number };
  } | null;
  if (!c?.ready || !c.stage || !c.dimensions) return null;
  const d = c.dimensions;
  return {
    center: { x: c.stage.pivot.x, y: c.stage.pivot.y }, area: { x: d.sceneX, y: d.sceneY, width: d.sceneWidth, height: d.sceneHeight },
  };
}

type Handler = (sheet: SheetLike, event: PointerEvent, target: HTMLElement) => Promise<void>;

export const PARTY_ACTIONS: Record<"openMember" | "removeMember" | "changeTokens" | "placeMembers", Handler> = {
  async openMember(_sheet, _event, target) {
    const actor = game.actors?.get(target.dataset.actorId ?? "");
    if (actor?.testUserPermission(game.user!, "OBSERVER")) await actor.sheet?.render(true);
  },
  async removeMember(sheet, _event, target) {
    await removeFromParty(sheet.actor, target.dataset.actorId ?? "");
  },
  async changeTokens(sheet, _event, target) {
    await changePartyTokens(sheet.actor, Number(target.dataset.delta));
  },
  async placeMembers(sheet) {
    const scene = game.scenes?.viewed;
    const view = viewOf();
    if (!scene || !view) {
      ui.notifications?.warn("SE.Party.NoScene", { localize: true });
      return;
    }
    // Type escape: the scene's embedded collection and createEmbeddedDocuments are typed for every
    // embedded name; placing reads only its tokens' positions and creates Tokens.
    const placed = await placePartyMembers(sheet.actor, scene as unknown as PlacementScene, view.center, view.area);
    if (placed.length) ui.notifications?.info(game.i18n!.format("SE.Party.Placed", { names: placed.join(", ") }));
  },
};
