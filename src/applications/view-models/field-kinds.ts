/** A `kindOf` for item-fields.ts from a namespace of field classes (Foundry's, or the test harness's). */
import type { FieldKind, FieldNode, KindOf } from "./item-fields.ts";

type Ctor = abstract new (...args: never[]) => unknown;
export interface FieldClasses {
  SchemaField: Ctor;
  HTMLField: Ctor;
  SetField: Ctor;
  ArrayField: Ctor;
  NumberField: Ctor;
  BooleanField: Ctor;
  StringField: Ctor;
}

export function kindOfFields(f: FieldClasses): KindOf {
  return (field: FieldNode): FieldKind => {
    if (field instanceof f.SchemaField) return "schema";
    if (field instanceof f.HTMLField) return "html";
    if (field instanceof f.SetField) return "set";
    if (field instanceof f.ArrayField) return "array";
    if (field instanceof f.NumberField) return "number";
    if (field instanceof f.BooleanField) return "boolean";
    if (field instanceof f.StringField) return "string";
    return "other";
  };
}
