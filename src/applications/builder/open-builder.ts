/**
 * The hero builder as the entry knows it (issues 31, 32): the window and its view-model are a chunk
 * loaded with `import()` when it first opens. The hero sheet's button, an option with choices dropped
 * on a hero, the Actors directory's button and `steelEchoes` reach it through here.
 */
import type { BuilderStep } from "../../rules/hero-building.ts";

type AnyActor = Actor.Implementation;

/** Open the builder of this hero (at a step). */
export async function openHeroBuilder(actor: AnyActor, step?: BuilderStep): Promise<void> {
  await (await import("./hero-builder.ts")).openHeroBuilder(actor, step);
}

/** The Actors directory's "Build a hero": a new hero owned by its maker, then her builder. */
export async function buildNewHero(): Promise<void> {
  const name = game.i18n!.localize("SE.Builder.NewHeroName");
  // Type escape: the League's Actor.create data wants its CreateData; a name and a type are what Foundry requires.
  const actor = (await Actor.implementation.create({ name, type: "hero" } as never)) as AnyActor | undefined;
  if (actor) await openHeroBuilder(actor);
}
