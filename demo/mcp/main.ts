/**
 * MCP and page tools demo: mounts a keyless `<dsh-agent>` connected to the local MCP demo server
 * (`?mcp=<url>` overrides http://127.0.0.1:4190/mcp) and registers a page tool that scrolls this
 * page to a heading. Plane: main; demo code only.
 * @module demo/mcp/main
 */
import { byId, mountDemoAgent } from '../shared/mount-agent.ts'
import script from './script.json'

const server = new URLSearchParams(location.search).get('mcp') ?? 'http://127.0.0.1:4190/mcp'
const agent = mountDemoAgent({
  script, workspaceId: 'mcp', slot: byId('agent-slot'), status: byId('status'),
  attributes: { 'mcp-servers': JSON.stringify([{ name: 'docs', url: server }]), heading: 'Ask about these docs', suggestions: JSON.stringify(['How do I connect an MCP server?']) },
})

agent.registerTool({
  name: 'scroll_to_heading',
  description: 'Scrolls the documentation page the reader is looking at to the section with this heading.',
  parameters: { type: 'object', properties: { heading: { type: 'string', minLength: 1, description: 'The heading text, as shown' } }, required: ['heading'], additionalProperties: false },
  effect: 'execute',
  execute: ({ heading }) => {
    const target = [...document.querySelectorAll('article h2')].find((h) => h.textContent?.trim().toLowerCase() === String(heading).trim().toLowerCase())
    if (!target) throw new Error(`no heading "${String(heading)}" on this page; headings: ${[...document.querySelectorAll('article h2')].map((h) => h.textContent).join(', ')}`)
    target.scrollIntoView({ block: 'start' })
    document.body.dataset.scrolledTo = target.id
    return `The page now shows "${target.textContent}".`
  },
})
