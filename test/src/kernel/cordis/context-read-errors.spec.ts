// The deferred "cannot get property" error of Cordis' context proxy: a read that resolves captures
// no stack, a read that fails throws the same error as Cordis' own trap (message, first frame at the
// reader), and every other error keeps its stack.
import { Context, Service } from '@deepseek-ai/cordis'
import { errorsMadeDuring } from '../../../harness/errors-made.ts'
import { afterEach, describe, expect, it } from 'vitest'
import { bootKernel } from '../../../../src/kernel/boot.ts'
import { deferContextReadErrors } from '../../../../src/kernel/cordis/context-read-errors.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    shelf: Shelf
  }
  interface Events {
    'test/shelved'(): void
  }
}

class Shelf extends Service {
  constructor(ctx: Context) {
    super(ctx, 'shelf')
  }
  books() {
    return ['a', 'b']
  }
}

const handler = (new Context().reflect.constructor as unknown as { handler: { get: unknown } }).handler
const cordisGet = handler.get

function readMissing(ctx: Context): unknown {
  return (ctx as unknown as Record<string, unknown>).missingThing
}

/** The error a plugin's read of a property nobody provides throws. */
async function failedRead(root: Context): Promise<Error> {
  let caught: unknown
  const fiber = root.plugin({ name: 'reader', apply: (ctx: Context) => { try { readMissing(ctx) } catch (error) { caught = error } } })
  await fiber
  await fiber.dispose()
  return caught as Error
}

const firstFrame = (error: Error) => error.stack!.split('\n')[1]!.trim()

afterEach(() => {
  handler.get = cordisGet
})

describe('deferContextReadErrors', () => {
  it('a service or mixin read that resolves captures no stack; Cordis\' own trap captured one per read', async () => {
    const root = new Context()
    await root.plugin(Shelf)
    const reads = () => {
      expect(root.shelf.books()).toEqual(['a', 'b'])
      root.emit('test/shelved')
    }
    expect(errorsMadeDuring(reads).filter((limit) => limit > 0).length).toBeGreaterThan(0)
    deferContextReadErrors(root)
    expect(errorsMadeDuring(reads).filter((limit) => limit > 0)).toEqual([])
  })

  it('a failed read throws what Cordis threw: the same message, the stack starting at the reader', async () => {
    const before = await failedRead(new Context())
    const root = new Context()
    deferContextReadErrors(root)
    const after = await failedRead(root)
    expect(after).toBeInstanceOf(Error)
    expect(after.message).toBe('cannot get property "missingThing" without inject')
    expect(after.message).toBe(before.message)
    expect(firstFrame(after)).toMatch(/readMissing/)
    expect(firstFrame(after)).toBe(firstFrame(before))
    expect(after.stack!.split('\n')[0]).toBe('Error: cannot get property "missingThing" without inject')
  })

  it('a read of an injected service that is gone names it as inactive, as before', async () => {
    const root = new Context()
    deferContextReadErrors(root)
    const shelf = root.plugin(Shelf)
    let saved: Context | undefined
    await root.plugin({ name: 'shelf-reader', inject: ['shelf'], apply: (ctx: Context) => { saved = ctx } })
    expect(saved!.shelf.books()).toEqual(['a', 'b'])
    await shelf.dispose()
    let caught: Error | undefined
    try {
      void saved!.shelf
    } catch (error) {
      caught = error as Error
    }
    expect(caught?.message).toBe('cannot get required service "shelf" in inactive context')
    expect(caught?.stack).toMatch(/^Error: cannot get required service "shelf" in inactive context\n\s+at .*context-read-errors\.spec\.ts/)
  })

  it('errors made by code a read runs keep their stacks, and the stack limit is left as it was', async () => {
    const root = new Context()
    deferContextReadErrors(root)
    const limit = Error.stackTraceLimit
    let made: Error | undefined
    root.on('internal/get', (_ctx, _name, _error, next) => {
      made = new Error('made in a listener')
      return next()
    })
    await root.plugin({ name: 'reader', apply: (ctx: Context) => { try { readMissing(ctx) } catch { /* the read fails; the listener ran */ } } })
    expect(made?.stack?.split('\n').length).toBeGreaterThan(2)
    expect(Error.stackTraceLimit).toBe(limit)
  })

  it('bootKernel installs it for every context', async () => {
    const kernel = await bootKernel(new Context(), [])
    await kernel.dispose()
    const installed = handler.get
    expect(installed).not.toBe(cordisGet)
    deferContextReadErrors(new Context())
    expect(handler.get).toBe(installed)
    const other = new Context()
    expect(errorsMadeDuring(() => void other.events).filter((limit) => limit > 0)).toEqual([])
  })

  it('leaves Cordis\' trap in place on an engine without Error.captureStackTrace', () => {
    const capture = Error.captureStackTrace
    Reflect.deleteProperty(Error, 'captureStackTrace')
    try {
      deferContextReadErrors(new Context())
      expect(handler.get).toBe(cordisGet)
    } finally {
      Error.captureStackTrace = capture
    }
  })
})
