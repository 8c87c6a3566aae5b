/**
 * Kernel cost: resolving patches over the default composition, and booting + disposing it on a
 * fresh Cordis root. Plane: Node (npm run bench); reports medians, asserts nothing.
 * @module bench/kernel
 */
import { Context } from '@deepseek-ai/cordis'
import { bootKernel } from '../src/kernel/boot.ts'
import { composition } from '../src/kernel/compose.ts'
import { resolveComposition } from '../src/kernel/resolve-composition.ts'
import type { CompositionPatch } from '../src/kernel/types.ts'
import { measure, report } from './harness.ts'

const patches: CompositionPatch[] = composition.map((entry) => ({ id: entry.id, config: {} }))

report([
  await measure('resolveComposition (defaults + 1 patch per entry)', () => resolveComposition(composition, patches), { samples: 5000 }),
  await measure('bootKernel + dispose (default composition)', async () => {
    const kernel = await bootKernel(new Context(), composition)
    await kernel.dispose()
  }, { samples: 300, warmup: 20 }),
], { 'bootKernel + dispose (default composition)': 8000 }, { source: 'issue 20 (kernel boot)' })
