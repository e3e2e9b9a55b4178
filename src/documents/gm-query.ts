/** Ask the active GM's client to do something this user may not do itself (Foundry v13 queries). */
export async function askGM(name: string, data: Record<string, unknown>): Promise<unknown> {
  const gm = game.users?.activeGM;
  if (!gm) {
    ui.notifications?.error("SE.Query.NoGM", { localize: true });
    return null;
  }
  return gm.query(name as never, { ...data, userId: game.user?.id } as never);
}
