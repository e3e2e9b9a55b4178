/**
 * Foundry v13's `Hooks` (client/helpers/hooks.mjs), as the system uses it:
 * - `on(hook, fn, { once })` registers and returns a numeric id; `once` registers a function that is
 *   removed the first time it is called; `off(hook, fnOrId)` removes one.
 * - `callAll(hook, ...args)` calls every function in registration order and returns true;
 *   `call(hook, ...args)` stops at the first that returns exactly `false` and returns false.
 * - A function that throws does not stop the others: `Hooks.#call` catches the error and reports it
 *   through `Hooks.onError` (here: `errors`). A returned promise is not awaited; its rejection is an
 *   uncaught rejection in Foundry (here: `errors` too, through `track`).
 */
type HookFn = (...args: never[]) => unknown;
interface Entry { hook: string; id: number; fn: HookFn; once: boolean }

export class HarnessHooks {
  #events = new Map<string, Entry[]>();
  #id = 1;
  /** Errors thrown by hooked functions and rejections of the promises they returned. */
  errors: unknown[] = [];
  /** Promises returned by hooked functions that have not settled yet. */
  pending = new Set<Promise<unknown>>();

  on(hook: string, fn: HookFn, { once = false }: { once?: boolean } = {}): number {
    const id = this.#id++;
    this.#events.set(hook, [...(this.#events.get(hook) ?? []), { hook, id, fn, once }]);
    return id;
  }

  once(hook: string, fn: HookFn): number {
    return this.on(hook, fn, { once: true });
  }

  off(hook: string, fn: number | HookFn): void {
    const list = this.#events.get(hook) ?? [];
    this.#events.set(hook, list.filter((e) => (typeof fn === "number" ? e.id !== fn : e.fn !== fn)));
  }

  callAll(hook: string, ...args: unknown[]): true {
    for (const entry of [...(this.#events.get(hook) ?? [])]) this.#call(entry, args);
    return true;
  }

  call(hook: string, ...args: unknown[]): boolean {
    for (const entry of [...(this.#events.get(hook) ?? [])]) if (this.#call(entry, args) === false) return false;
    return true;
  }

  /** Follow a promise a hooked function returned: settle() waits for it, a rejection is recorded. */
  track(p: Promise<unknown>): void {
    const tracked = p.catch((err) => void this.errors.push(err)).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Wait until every promise started by a hooked function (and those they started) has settled. */
  async settle(): Promise<void> {
    for (let i = 0; i < 1000 && this.pending.size; i++) await Promise.allSettled([...this.pending]);
  }

  #call(entry: Entry, args: unknown[]): unknown {
    if (entry.once) this.off(entry.hook, entry.id);
    try {
      const result = (entry.fn as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) this.track(result);
      return result;
    } catch (err) {
      this.errors.push(err);
      return undefined;
    }
  }
}

/** The one `Hooks` every client of a test shares (installed as the global by installFoundryHarness). */
export const hooks = new HarnessHooks();
