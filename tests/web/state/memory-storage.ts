/**
 * A minimal in-memory Web Storage for tests without a DOM. Importing this
 * module installs it as `globalThis.localStorage`; import it before any
 * module that reads local storage while loading (jotai's atomWithStorage with
 * getOnInit reads it when the atom is created).
 */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }

  /** Every stored key, for assertions. */
  keys(): string[] {
    return [...this.items.keys()];
  }
}

const holder = globalThis as { localStorage?: Storage };
if (!(holder.localStorage instanceof MemoryStorage)) holder.localStorage = new MemoryStorage();

/** The installed storage. */
export const memoryStorage = holder.localStorage as MemoryStorage;
