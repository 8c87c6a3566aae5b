// The page's WebContainer boot cannot hang the workspace: a boot that never settles (StackBlitz out
// of reach) becomes WEBCONTAINER_UNAVAILABLE at the deadline, with the reason; a failed boot is named
// the same way; a boot in time passes through. (The real boot needs StackBlitz's network: not run here.)
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BOOT_DEADLINE_MS, bootWithin } from '../../../../src/protocol/webcontainer/page-boot.ts'
import { WebContainerUnavailableError } from '../../../../src/protocol/webcontainer/errors.ts'

afterEach(() => { vi.useRealTimers() })

describe('bootWithin', () => {
  it('turns a boot that never settles into WEBCONTAINER_UNAVAILABLE at the deadline, saying why', async () => {
    vi.useFakeTimers()
    const booted = bootWithin(new Promise<never>(() => undefined), BOOT_DEADLINE_MS)
    const outcome = booted.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(BOOT_DEADLINE_MS - 1)
    expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting')
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error).toBeInstanceOf(WebContainerUnavailableError)
    expect(error).toMatchObject({ code: 'WEBCONTAINER_UNAVAILABLE', message: expect.stringMatching(/^WebContainer did not boot within 45 s: it loads from StackBlitz .*The embedded workspace works offline\.$/) })
  })

  it('names a failed boot WEBCONTAINER_UNAVAILABLE with its message, and passes a boot in time through', async () => {
    await expect(bootWithin(Promise.reject(new Error('Unable to create more instances')), 1000)).rejects.toMatchObject({ code: 'WEBCONTAINER_UNAVAILABLE', message: 'WebContainer did not boot: Unable to create more instances' })
    const container = { fs: {} }
    expect(await bootWithin(Promise.resolve(container), 1000)).toBe(container)
  })
})
