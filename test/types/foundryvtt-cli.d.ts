/** The parts of the official Foundry CLI the tests use (it ships no type declarations). */
declare module "@foundryvtt/foundryvtt-cli" {
  export function compilePack(src: string, dest: string, options?: { recursive?: boolean; yaml?: boolean; log?: boolean }): Promise<void>;
  export function extractPack(src: string, dest: string, options?: { folders?: boolean; yaml?: boolean; log?: boolean; clean?: boolean }): Promise<void>;
}
