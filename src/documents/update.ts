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
