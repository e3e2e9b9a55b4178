/**
 * Foundry's HandlebarsApplicationMixin, applied unchanged. the League's Foundry types' type for it over
 * ActorSheetV2/ItemSheetV2 sends tsc into "excessively deep" instantiation even for an empty class,
 * so it is typed here as returning its argument.
 */
export const HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin as unknown as <T>(base: T) => T;

export type SheetRenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
