/** What combat adds to `globalThis.steelEchoes` for macros, modules and the chat cards. */
import { applyCondition, removeCondition } from "../documents/conditions.ts";
import { changePoolValue, poolValue, setPoolValue } from "../documents/pools.ts";

export const combatApi = {
  /** `applyCondition(actor, { id, duration: "" | "EoT" | "EoE" | "resistance", characteristic?, sourceUuid? })` */
  applyCondition,
  /** `removeCondition(actor, id)` */
  removeCondition,
  pools: {
    get: poolValue,
    change: changePoolValue,
    set: setPoolValue,
  },
};
