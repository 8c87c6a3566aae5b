// Half a second after the first answer the lazy parts start loading: nothing is imported by the boot or before the
// first turn ends, every part defined so far is imported once after it, and later turns import nothing again.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../../src/index.ts'
import { lazyPart } from '../../../../src/kernel/lazy-plugin.ts'

const runtimes: Runtime[] = []
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose()))
})

describe('warm-parts', () => {
  it('imports each lazy part once, after the first turn ends', async () => {
    let imports = 0
    const probe = lazyPart('warm-parts spec: probe', async () => ++imports)
    const runtime = await createRuntime({ storage: 'memory', llm: { provider: 'scripted', replies: [{ text: 'First.' }, { text: 'Second.' }] } })
    runtimes.push(runtime)
    const agent = await runtime.open()
    const seenAtTurnEnd: number[] = []
    runtime.ctx.on('session/event', (_session, event) => void (event.type === 'turn/end' && seenAtTurnEnd.push(imports)), { prepend: true })
    expect(imports).toBe(0)
    agent.followup('hello')
    await agent.whenIdle()
    await expect.poll(() => imports, { timeout: 5000 }).toBe(1)
    agent.followup('again')
    await agent.whenIdle()
    expect(await probe()).toBe(1)
    expect(imports).toBe(1)
    expect(seenAtTurnEnd[0]).toBe(0) // nothing was imported before the first turn ended
  })
})
