/** Whether a form name (`system.tiers.0.damage.value`) names a field of a data model's schema. */
interface Node { fields?: Record<string, unknown>; element?: unknown }

export function schemaHasPath(schema: unknown, formName: string): boolean {
  const parts = formName.split(".");
  if (parts[0] === "system") parts.shift();
  let node: Node | undefined = schema as Node;
  for (const part of parts) node = (/^\d+$/.test(part) ? node?.element : node?.fields?.[part]) as Node | undefined;
  return node !== undefined;
}

/** Every `name="system…"` in some HTML. */
export function systemFieldNames(html: string): string[] {
  return [...html.matchAll(/name="(system\.[^"]+)"/g)].map((m) => m[1]!);
}

/**
 * The form name of every field a sheet must offer: each scalar field, and each set or array as a
 * whole (`system.languages`, `system.immunities`), nested schema fields flattened. The field classes
 * are told apart by their shape (`fields` for a SchemaField, `element` for an ArrayField or SetField),
 * as Foundry's own `DataField#fields` and `ArrayField#element` are named (v13 common/data/fields.mjs).
 */
export function schemaLeafNames(schema: unknown, prefix = "system"): string[] {
  const fields = (schema as Node).fields ?? {};
  return Object.entries(fields).flatMap(([key, field]) => {
    const name = `${prefix}.${key}`;
    const node = field as Node;
    if (node.fields && !node.element) return schemaLeafNames(node, name);
    return [name];
  });
}
