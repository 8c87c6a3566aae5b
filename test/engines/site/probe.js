// The host page's own observer in the cross-engine suite (served same-origin as /probe.js, before dsh-agent.js):
// records what a site can see — dsh-* events, CSP violations, page errors (classic WebDriver cannot read the
// console), the files the widget hands to the browser as downloads — and answers the driver's queries through
// open shadow roots, which classic WebDriver cannot pierce. Everything it returns is plain JSON.
const probe = { events: [], violations: [], errors: [], downloads: [] }
window.dshProbe = probe

for (const type of ['dsh-ready', 'dsh-turn-start', 'dsh-turn-end', 'dsh-error']) {
  document.addEventListener(type, (event) => probe.events.push({ type, detail: event.detail }))
}
document.addEventListener('securitypolicyviolation', (event) => probe.violations.push(`${event.effectiveDirective} ${event.blockedURI}`))
addEventListener('error', (event) => probe.errors.push(`error: ${event.message}`))
addEventListener('unhandledrejection', (event) => probe.errors.push(`unhandledrejection: ${event.reason?.message ?? event.reason}`))
const consoleError = console.error.bind(console)
console.error = (...args) => {
  probe.errors.push(`console.error: ${args.map(String).join(' ')}`)
  consoleError(...args)
}

// A download is a blob: URL clicked on an <a download>: keep each blob and read it instead of saving a file,
// which headless engines handle each their own way (WebKit's MiniBrowser would ask where to save it).
const blobs = new Map()
const createObjectURL = URL.createObjectURL.bind(URL)
URL.createObjectURL = (object) => {
  const url = createObjectURL(object)
  blobs.set(url, object)
  return url
}
const anchorClick = HTMLAnchorElement.prototype.click
HTMLAnchorElement.prototype.click = function click() {
  const blob = this.download ? blobs.get(this.href) : undefined
  if (!blob) return anchorClick.call(this)
  const name = this.download
  void blob.text().then((text) => probe.downloads.push({ name, text }))
}

/** Every element in the composed tree, document order, descending into open shadow roots. */
function* composed(root) {
  for (const element of root.querySelectorAll('*')) {
    yield element
    if (element.shadowRoot) yield* composed(element.shadowRoot)
  }
}

const rendered = (element) => element.getClientRects().length > 0
probe.findAll = (selector) => [...composed(document)].filter((element) => element.matches(selector))
/** The first rendered match (a closed dialog's buttons are not), else the first match. */
probe.find = (selector) => {
  const all = probe.findAll(selector)
  return all.find(rendered) ?? all[0] ?? null
}
probe.visible = (selector) => probe.findAll(selector).filter(rendered).length
probe.count = (selector) => probe.findAll(selector).length
probe.text = (selector) => probe.find(selector)?.textContent ?? null
probe.texts = (selector) => probe.findAll(selector).map((element) => element.textContent)
probe.attr = (selector, name) => probe.find(selector)?.getAttribute(name) ?? null
probe.box = (selector) => {
  const element = probe.find(selector)
  if (!element) return null
  const { left, top, right, bottom, width, height } = element.getBoundingClientRect()
  return { left, top, right, bottom, width, height }
}
probe.viewport = () => ({ width: innerWidth, height: innerHeight, scrollWidth: document.documentElement.scrollWidth })
/** The deepest focused element's `part` (or tag name), following shadow roots' active elements. */
probe.focused = () => {
  let element = document.activeElement
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
  return element ? element.getAttribute('part') ?? element.localName : null
}
probe.outline = (selector) => {
  const element = probe.find(selector)
  return element ? { style: getComputedStyle(element).outlineStyle, focusVisible: element.matches(':focus-visible') } : null
}
/** A script's click (untrusted): what a hostile page script could do. */
probe.syntheticClick = (selector) => {
  probe.find(selector)?.click()
  return true
}
probe.storageApi = () => ({ estimate: typeof navigator.storage?.estimate === 'function', persist: typeof navigator.storage?.persist === 'function' })
/** A demo page's markers: `body[data-ready]` once booted, `#status` with the error otherwise. */
probe.bootState = () => ({ ready: probe.count('body[data-ready]'), status: document.getElementById('status')?.textContent ?? null })
// A transient state (a reply while it streams) can begin and end between two of the driver's polls, which
// are WebDriver round trips (slow under load): `watch(selector)` records, from inside the page, the most
// matches seen at once since the call, updated on every DOM mutation (light DOM and every shadow root,
// hooked as each is attached), and `seen(selector)` reads it.
const watched = new Map()
const sample = () => {
  for (const [selector, most] of watched) watched.set(selector, Math.max(most, probe.count(selector)))
}
const mutations = new MutationObserver(() => {
  if (watched.size > 0) sample()
})
const observe = (root) => mutations.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
observe(document)
const attachShadow = Element.prototype.attachShadow
Element.prototype.attachShadow = function (init) {
  const root = attachShadow.call(this, init)
  observe(root)
  return root
}
probe.watch = (selector) => {
  watched.set(selector, probe.count(selector))
  return true
}
probe.seen = (selector) => watched.get(selector) ?? 0
probe.record = () => ({ events: probe.events, violations: probe.violations, errors: probe.errors, downloads: probe.downloads })
