/**
 * The memory cap of a runtime worker: every WebAssembly memory in it (Pyodide's, SQLite's, QuickJS')
 * grows through `WebAssembly.Memory.prototype.grow`, which refuses here to pass the cap, so the
 * runtime's allocator fails (Python's MemoryError, SQLite's "out of memory") instead of the tab.
 * Plane: runtime worker.
 * @module run-code/worker/memory-cap
 */
const PAGE = 65536
let cap = Number.POSITIVE_INFINITY
let installed = false

export function capMemory(bytes: number): void {
  cap = bytes
  if (installed) return
  installed = true
  const grow = WebAssembly.Memory.prototype.grow
  WebAssembly.Memory.prototype.grow = function (this: WebAssembly.Memory, delta: number): number {
    if (this.buffer.byteLength + delta * PAGE > cap) throw new RangeError(`WebAssembly memory cap (${Math.round(cap / 2 ** 20)} MiB) reached`)
    return grow.call(this, delta)
  }
}
