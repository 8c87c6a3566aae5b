/**
 * Where ledgers live. `MemoryLimitStore`: one process (the Node adapter, or a Worker without a
 * binding), swept of idle ledgers. `DurableLimitStore`: one Durable Object per ledger key
 * (`GatewayLimits`, bound as `LIMITS`), so every Workers isolate and location shares a client's
 * and a site's counts. Both answer the same two calls.
 * @module gateway/limit-store
 */
import { admit, charge, freshLedger, idle, type Admission, type LedgerLimits, type LedgerState } from './limits.ts'

export interface LimitStore {
  admit(key: string, limits: LedgerLimits, now: number): Promise<Admission>
  charge(key: string, limits: LedgerLimits, tokens: number, now: number): Promise<void>
}

const SWEEP_EVERY_MS = 60_000

export class MemoryLimitStore implements LimitStore {
  readonly #ledgers = new Map<string, { state: LedgerState; limits: LedgerLimits }>()
  #sweptAt = 0

  #ledger(key: string, limits: LedgerLimits, now: number): LedgerState {
    this.#sweep(now)
    let entry = this.#ledgers.get(key)
    if (!entry) {
      entry = { state: freshLedger(limits, now), limits }
      this.#ledgers.set(key, entry)
    }
    return entry.state
  }

  #sweep(now: number): void {
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return
    this.#sweptAt = now
    for (const [key, entry] of this.#ledgers) if (idle(entry.state, entry.limits, now)) this.#ledgers.delete(key)
  }

  async admit(key: string, limits: LedgerLimits, now: number): Promise<Admission> {
    return admit(this.#ledger(key, limits, now), limits, now)
  }

  async charge(key: string, limits: LedgerLimits, tokens: number, now: number): Promise<void> {
    charge(this.#ledger(key, limits, now), limits, tokens, now)
  }
}

/** The parts of a Durable Object namespace binding this store uses. */
export interface DurableNamespace {
  idFromName(name: string): unknown
  get(id: unknown): { fetch(input: string, init?: RequestInit): Promise<Response> }
}

type LedgerCall = { op: 'admit'; limits: LedgerLimits; now: number } | { op: 'charge'; limits: LedgerLimits; tokens: number; now: number }

export class DurableLimitStore implements LimitStore {
  constructor(private readonly namespace: DurableNamespace) {}

  async #call(key: string, call: LedgerCall): Promise<Admission> {
    const ledger = this.namespace.get(this.namespace.idFromName(key))
    const response = await ledger.fetch('https://limits.internal/ledger', { method: 'POST', body: JSON.stringify(call) })
    return (await response.json()) as Admission
  }

  admit(key: string, limits: LedgerLimits, now: number): Promise<Admission> {
    return this.#call(key, { op: 'admit', limits, now })
  }

  async charge(key: string, limits: LedgerLimits, tokens: number, now: number): Promise<void> {
    await this.#call(key, { op: 'charge', limits, tokens, now })
  }
}

/** The parts of `DurableObjectState` the ledger object uses. */
export interface DurableState {
  readonly storage: { get<T>(key: string): Promise<T | undefined>; put(key: string, value: unknown): Promise<void> }
  blockConcurrencyWhile<T>(fn: () => Promise<T>): Promise<T>
}

/** The Durable Object class (`class_name = "GatewayLimits"`): one ledger, kept in memory and in its storage. */
export class GatewayLimits {
  #state: LedgerState | undefined
  readonly #ready: Promise<void>

  constructor(private readonly durable: DurableState) {
    this.#ready = durable.blockConcurrencyWhile(async () => {
      this.#state = await durable.storage.get<LedgerState>('ledger')
    })
  }

  async fetch(request: Request): Promise<Response> {
    await this.#ready
    const call = (await request.json()) as LedgerCall
    this.#state ??= freshLedger(call.limits, call.now)
    const answer: Admission = call.op === 'admit' ? admit(this.#state, call.limits, call.now) : (charge(this.#state, call.limits, call.tokens, call.now), { ok: true })
    await this.durable.storage.put('ledger', this.#state)
    return Response.json(answer)
  }
}
