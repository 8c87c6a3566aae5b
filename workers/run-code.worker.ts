/**
 * Runtime worker entry (one per language, started by the agent worker's run-code commands): answers
 * each `run` message with its result (src/run-code/worker/runner.ts). Plane: worker; entry only.
 * @module workers/run-code.worker
 */
import type { RunRequest } from '../src/run-code/types.ts'

const runner = import('../src/run-code/worker/runner.ts')
addEventListener('message', (event: MessageEvent<RunRequest>) => {
  void runner.then((r) => r.run(event.data)).then((result) => postMessage(result), reportError)
})
