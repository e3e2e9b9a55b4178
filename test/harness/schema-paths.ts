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
