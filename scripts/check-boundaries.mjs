/**
 * Plane-boundary check (style.md 6.1) for what oxlint cannot express: which folder may import what
 * (resolved paths, type-only vs runtime), Node built-ins in src/, string timers, import circles
 * (runtime edges only; type-only edges are erased), page-only modules left in src/protocol/,
 * `as unknown as` in src/host/ (the host is typed against the runtime; no duck typing), and reaching
 * past Cordis' tracing proxy (`symbols.original`) anywhere but src/kernel/cordis/service.ts (kernel/cordis/service's rule),
 * and `style` attributes written by components/ (a `style=${…}` binding or Lit's `styleMap`), which a
 * strict CSP blocks: set style properties through the CSSOM with theme/css-props instead.
 * Prints one line per violation and exits 1 if any. Usage: `node scripts/check-boundaries.mjs [projectRoot]`.
 * @module scripts/check-boundaries
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, posix, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAst } from 'vite'

const SOURCE = /\.(m?[jt]s)$/
const PLANES = ['src', 'components', 'workers']
const NODE_BUILTINS = new Set(builtinModules)

/** All source files of one plane folder, as paths relative to the project root (posix separators). */
function sourceFiles(root, plane) {
  const dir = join(root, plane)
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.split(sep).includes('node_modules') && !file.endsWith('.d.ts'))
    .map((file) => `${plane}/${file.split(sep).join('/')}`)
}

/** Every module reference in a program: static imports, re-exports and dynamic `import()`. */
function moduleReferences(program) {
  const refs = []
  walk(program, (node) => {
    if (node.type === 'ImportDeclaration') {
      refs.push({ node, specifier: node.source.value, typeOnly: node.importKind === 'type' })
    } else if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
      refs.push({ node, specifier: node.source.value, typeOnly: node.exportKind === 'type' })
    } else if (node.type === 'ImportExpression' && node.source.type === 'Literal') {
      refs.push({ node, specifier: node.source.value, typeOnly: false })
    }
  })
  return refs
}

function walk(node, visit) {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit))
  if (typeof node.type === 'string') visit(node)
  for (const key of Object.keys(node)) {
    if (key !== 'parent') walk(node[key], visit)
  }
}

/** The project-relative path a relative specifier points to, or undefined for a package import. */
function target(file, specifier) {
  if (!specifier.startsWith('.')) return undefined
  return posix.join(posix.dirname(file), specifier)
}

const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`)
const isTypesFile = (path) => /(^|\/)types(\.ts)?$/.test(path)

/** The plane rule a reference from `file` breaks, as a message, or undefined when it is allowed. */
function importViolation(file, ref) {
  const { specifier, typeOnly } = ref
  const plane = file.split('/')[0]
  if (plane === 'src' && (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]))) {
    return `src/ must not import the Node built-in '${specifier}' (it runs in a Worker too)`
  }
  const to = target(file, specifier)
  if (!to) return undefined
  if (plane === 'src' && (inside(to, 'components') || inside(to, 'workers'))) {
    return `src/ must not import from ${to.split('/')[0]}/ ('${specifier}')`
  }
  if (plane === 'components' && inside(to, 'workers')) return `components/ must not import from workers/ ('${specifier}')`
  if (plane === 'components' && inside(to, 'src') && !inside(to, 'src/protocol') && !(typeOnly && isTypesFile(to))) {
    return `components/ may import runtime values only from src/protocol/ (type-only imports from a types.ts are allowed): '${specifier}'`
  }
  if (plane === 'workers' && inside(to, 'components')) return `workers/ must not import from components/ ('${specifier}')`
  if (plane === 'workers' && inside(to, 'src') && !inside(to, 'src/kernel') && !inside(to, 'src/protocol') && !inside(to, 'src/host') && !inside(to, 'src/run-code/worker') && !(typeOnly && isTypesFile(to))) {
    return `workers/ may import runtime values only from src/kernel/, src/host/, src/protocol/ and (the runtime worker's entry) src/run-code/worker/: '${specifier}'`
  }
  return undefined
}

/** `setTimeout('code')` / `setInterval(\`code\`)`, called bare or through a global object. */
function isStringTimer(node) {
  if (node.type !== 'CallExpression') return false
  const callee = node.callee.type === 'MemberExpression' ? node.callee.property : node.callee
  const name = callee?.type === 'Identifier' ? callee.name : undefined
  const first = node.arguments[0]
  return (name === 'setTimeout' || name === 'setInterval') &&
    (first?.type === 'TemplateLiteral' || (first?.type === 'Literal' && typeof first.value === 'string'))
}

/**
 * The page ends of the protocol: modules of src/protocol/ that only the page loads by design (the
 * worker client and the transcript fold over wire events). Any other src/protocol/ module that only
 * components/ load at runtime is page-only code and belongs in components/.
 */
const PROTOCOL_PAGE_ENDS = new Set(['src/protocol/client.ts', 'src/protocol/transcript.ts'])
const PROTOCOL_BARREL = 'src/protocol/index.ts'

/** The module file a resolved target names (specifiers carry their `.ts` extension in this repo). */
const moduleFile = (to, files) => (files.has(to) ? to : files.has(`${to}.ts`) ? `${to}.ts` : undefined)

/** src/protocol/ modules whose runtime importers (through the barrel too) all live in components/. */
function pageOnlyProtocolModules(edges) {
  const importers = new Map()
  for (const [from, targets] of edges) {
    for (const to of targets) importers.set(to, [...(importers.get(to) ?? []), from])
  }
  const viaBarrel = importers.get(PROTOCOL_BARREL) ?? []
  const reExported = new Set(edges.get(PROTOCOL_BARREL) ?? [])
  const violations = []
  for (const [module, direct] of importers) {
    if (!inside(module, 'src/protocol') || module === PROTOCOL_BARREL || PROTOCOL_PAGE_ENDS.has(module)) continue
    const all = [...direct.filter((from) => from !== PROTOCOL_BARREL), ...(reExported.has(module) ? viaBarrel : [])]
    if (all.length > 0 && all.every((from) => inside(from, 'components'))) {
      violations.push(`${module}:1:1 src/protocol/ module loaded only by components/ (${all.join(', ')}): page-only code belongs in components/`)
    }
  }
  return violations
}

/** Every import circle over runtime edges, one line per strongly connected component (Tarjan). */
function importCircles(edges) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const circles = []
  let next = 0
  const visit = (node) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node), low.get(to)))
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (edges.get(node) ?? new Set()).has(node)) circles.push(component.sort())
  }
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node)
  return circles.map((members) => `${members[0]}:1:1 import circle over runtime imports: ${members.join(' → ')} (make an edge type-only or move the shared part out)`)
}

/** `x as unknown as T`: a double cast that switches the type checker off. */
function isDoubleCast(node) {
  return node.type === 'TSAsExpression' && node.expression.type === 'TSAsExpression' && node.expression.typeAnnotation.type === 'TSUnknownKeyword'
}

/** `symbols.original` (Cordis' handle on the object behind its tracing proxy). */
function isProxyBypass(node) {
  return node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'symbols' &&
    node.property.type === 'Identifier' && node.property.name === 'original'
}

const PROXY_RULE_HOME = 'src/kernel/cordis/service.ts'

/** A comment that explains a workaround of Cordis' tracing proxy: the rule lives in kernel/cordis/service once. */
const PROXY_COMMENT = /(\/\/|\/\*|^\s*\*)[^\n]*tracing proxy/gm

/** A Lit binding or directive that writes a `style` attribute (blocked by `style-src` without 'unsafe-inline'). */
const STYLE_ATTRIBUTE = /(?<=\s)style=\$\{|lit\/directives\/style-map/g

function position(code, offset) {
  const before = code.slice(0, offset).split('\n')
  return `${before.length}:${before[before.length - 1].length + 1}`
}

/** All violations under a project root, as `file:line:col message` strings. */
export function checkBoundaries(root) {
  const violations = []
  const files = PLANES.flatMap((plane) => sourceFiles(root, plane))
  const known = new Set(files)
  const edges = new Map()
  for (const file of files) {
    const code = readFileSync(join(root, file), 'utf8')
    let program
    try {
      program = parseAst(code, { lang: file.endsWith('ts') ? 'ts' : 'js', sourceType: 'module' }, file)
    } catch (error) {
      violations.push(`${file}:1:1 cannot be parsed: ${error.message.split('\n')[0]}`)
      continue
    }
    if (file !== PROXY_RULE_HOME) {
      for (const match of code.matchAll(PROXY_COMMENT)) violations.push(`${file}:${position(code, match.index)} a per-line tracing-proxy comment: make the service a façade over a plain core (kernel/cordis/service) instead`)
    }
    if (inside(file, 'components')) {
      for (const match of code.matchAll(STYLE_ATTRIBUTE)) violations.push(`${file}:${position(code, match.index)} a style attribute breaks under a strict CSP: set style properties with cssProps (components/theme/css-props.ts)`)
    }
    const targets = new Set()
    edges.set(file, targets)
    for (const ref of moduleReferences(program)) {
      const message = importViolation(file, ref)
      if (message) violations.push(`${file}:${position(code, ref.node.start)} ${message}`)
      const to = target(file, ref.specifier)
      const module = to && !ref.typeOnly ? moduleFile(to, known) : undefined
      if (module) targets.add(module)
    }
    walk(program, (node) => {
      if (isStringTimer(node)) violations.push(`${file}:${position(code, node.start)} string timers evaluate code; pass a function`)
      if (file !== PROXY_RULE_HOME && isProxyBypass(node)) violations.push(`${file}:${position(code, node.start)} past Cordis' tracing proxy only through kernel/cordis/service: hold a service's plain 'core' (or eventBus(ctx) for the bus)`)
      if (inside(file, 'src/host') && isDoubleCast(node)) violations.push(`${file}:${position(code, node.start)} src/host/ is typed against the runtime (Pick<Runtime, …>, ctx services): no 'as unknown as'`)
    })
  }
  return [...violations, ...importCircles(edges), ...pageOnlyProtocolModules(edges)]
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)))
  const violations = checkBoundaries(root)
  for (const line of violations) console.error(line)
  if (violations.length > 0) console.error(`check-boundaries: ${violations.length} violation(s)`)
  process.exitCode = violations.length > 0 ? 1 : 0
}
