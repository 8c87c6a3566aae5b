/**
 * Whether an IndexedDB database may exist, asked without opening it (an open creates a missing
 * database, and a fresh profile's first creations are slow). Plane: shared; reads `indexedDB` lazily.
 * Contract: false only when the browser lists this origin's databases and `name` is not among them;
 * true when it cannot tell (no `databases()`, or it failed), so a caller then opens as before.
 * @module util/idb-listed
 */
export async function mayExist(name: string): Promise<boolean> {
  if (typeof globalThis.indexedDB?.databases !== 'function') return true
  try {
    return (await indexedDB.databases()).some((database) => database.name === name)
  } catch {
    return true // the open that follows reports what is wrong
  }
}
