/**
 * Foundry's HandlebarsApplicationMixin for the document sheets, applied unchanged. The League's type
 * for it over ActorSheetV2/ItemSheetV2 (13.346 beta) sends tsc into "excessively deep" instantiation
 * even for an empty class, so here it is typed as returning its base; the sheets pass the base its
 * render context (`ActorSheetV2<HeroSheetContext>`), so their own members stay fully typed. The
 * ApplicationV2 windows (trackers, pools panel) use Foundry's mixin with its own types.
 */
// Type escape: the one cast the depth limit forces (see above).
export const HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin as unknown as <T>(base: T) => T;

export type SheetRenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
