/**
 * Lazy, once-per-realm import of `just-bash/browser` (the entry that runs in the worker and
 * in Node alike), so the 1.25 MB module loads only on the shell's first use. Plane: worker.
 * @module shell-justbash/load-just-bash
 */
type JustBashModule = typeof import('just-bash/browser')

let loading: Promise<JustBashModule> | undefined

export function loadJustBash(): Promise<JustBashModule> {
  loading ??= import('just-bash/browser')
  return loading
}
