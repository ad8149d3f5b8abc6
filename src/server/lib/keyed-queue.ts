/**
 * Runs the tasks of one key one after another, in the order they were asked
 * for, in this process. The code tries use it so that concurrent guesses at
 * one code reach the database in the order they arrived: the first ones get
 * the tries, never a later request that overtook them on another pooled
 * connection. Across instances the database statements alone bound the tries.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // The key is forgotten once its last task has run, so the map holds only keys in use.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
