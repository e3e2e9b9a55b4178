/**
 * Updating a document with Foundry's full update syntax: dotted paths ("system.stamina.value"),
 * deletion keys ("flags.steel-echoes.applied.-=key") and computed flag keys. Foundry v13 accepts them
 * (common/abstract/data.mjs DataModel#updateSource expands and merges them); the League's types
 * describe only nested objects, so every such update goes through this one function.
 */
export function updateDocument(
  doc: { update(changes: never, options?: never): Promise<unknown> },
  changes: Record<string, unknown>,
  options: Record<string, unknown> = {},
): Promise<unknown> {
  // Type escape: dotted and "-=" keys are valid for Foundry's update but absent from its typed UpdateData.
  return doc.update(changes as never, options as never);
}

/**
 * Changing a document's source before it is created (in `_preCreate`), with plain data such as
 * the prototype token defaults or the basic actions' item data.
 */
export function updateSourceOf(doc: { updateSource(changes: never): unknown }, changes: Record<string, unknown>): void {
  // Type escape: plain source data, which Foundry validates against the schema in updateSource.
  doc.updateSource(changes as never);
}

/**
 * Creating documents from the plain data our parsers and builders produce (a monster from its stat
 * block, abilities and a kit from a paste). Foundry validates the data against the data models on
 * creation; the League's types want their CreateData, which those plain objects are not typed as.
 */
export async function createItems(data: object[]): Promise<Item.Implementation[]> {
  // Type escape: plain source objects, validated by Foundry's data models on creation.
  return (await Item.createDocuments(data as never)) as Item.Implementation[];
}

/** One item (Foundry's `Item.create`), or undefined when creation was refused. */
export async function createItem(data: object): Promise<Item.Implementation | undefined> {
  // Type escape: a plain source object, validated by Foundry's data models on creation.
  return ((await Item.create(data as never)) as Item.Implementation | undefined | null) ?? undefined;
}

/** One actor (Foundry's `Actor.create`), or undefined when creation was refused. */
export async function createActor(data: object): Promise<Actor.Implementation | undefined> {
  // Type escape: a plain source object, validated by Foundry's data models on creation.
  return ((await Actor.create(data as never)) as Actor.Implementation | undefined | null) ?? undefined;
}
