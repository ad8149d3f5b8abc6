/** Types of input-stamps.mjs (plain JavaScript so that `npm start` runs without tsx). */
export type Stamps = Record<string, [size: number, mtimeMs: number]>;
export interface InputRecord {
  sha256: string;
  stamps: Stamps;
  [extra: string]: unknown;
}
export function filesUnder(root: string, paths: readonly string[]): string[];
export function stampsOf(root: string, files: readonly string[]): Stamps | undefined;
export function contentHash(root: string, files: readonly string[], read?: (file: string) => Uint8Array): string;
export function sameStamps(a: Stamps | undefined, b: Stamps | undefined): boolean;
export function readRecord(path: string): InputRecord | undefined;
export function writeAtomically(path: string, text: string): void;
export function unchangedSince(root: string, files: readonly string[], recordPath: string, record?: InputRecord, read?: (file: string) => Uint8Array): boolean;
export function recordInputs(root: string, files: readonly string[], recordPath: string, extra?: Record<string, unknown>, read?: (file: string) => Uint8Array): void;
