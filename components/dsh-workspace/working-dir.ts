/**
 * The terminal's `cd`: a target against the working directory, both relative to the workspace root.
 * Plane: main; pure. Contract: `..` stops at the root and `~/…` starts from it; an absolute `/…` is
 * passed on as it is (the worker resolves it, and its sandbox refuses what lies outside the workspace).
 * @module components/dsh-workspace/working-dir
 */
export function resolveDir(cwd: string, target: string): string {
  if (target.startsWith('/')) return target
  const fromRoot = target === '' || target.startsWith('~')
  const outside = !fromRoot && cwd.startsWith('/') // a working directory outside the workspace (danger-full-access)
  const parts = fromRoot ? [] : cwd.split('/').filter(Boolean)
  for (const part of target.replace(/^~\/?/, '').split('/')) {
    if (!part || part === '.') continue
    if (part === '..') parts.pop()
    else parts.push(part)
  }
  return outside ? `/${parts.join('/')}` : parts.join('/')
}
