/**
 * Docs embed demo: renders the examples as a documentation page and mounts a `<dsh-agent>` whose
 * workspace holds the same files, grounded in the site (instructions, skills, its own pages via web_fetch); `?gateway=<url>`
 * sends the reader's questions through a site gateway instead of the scripted model. Plane: main; demo code only.
 * @module demo/docs/main
 */
import { byId, mountDemoAgent } from '../shared/mount-agent.ts'
import { exampleFiles, examples } from './examples.ts'
import script from './script.json'

/** The workspace's own AGENTS.md: what the agent learns about the example files. */
const WORKSPACE_INSTRUCTIONS = 'Examples live under examples/ and read examples/poem.txt. Run one with `sh examples/<name>.sh` from the workspace root.\n'

function renderExample(example: (typeof examples)[number]): HTMLElement {
  const section = document.createElement('section')
  const heading = document.createElement('h2')
  heading.textContent = example.title
  const text = document.createElement('p')
  text.textContent = example.text
  const caption = document.createElement('p')
  const path = document.createElement('code')
  path.textContent = example.path
  caption.append(path)
  const pre = document.createElement('pre')
  const code = document.createElement('code')
  code.textContent = example.content
  pre.append(code)
  section.append(heading, text, caption, pre)
  return section
}

byId('examples').append(...examples.map(renderExample))
// `?gateway=http://127.0.0.1:8787` (npm run gateway): a reader's answers come through the site's gateway, as on a real docs site.
const gateway = new URLSearchParams(location.search).get('gateway')
mountDemoAgent({
  script,
  workspace: { ...exampleFiles, 'AGENTS.md': WORKSPACE_INSTRUCTIONS },
  workspaceId: 'docs',
  slot: byId('agent-slot'),
  status: byId('status'),
  attributes: {
    controls: 'reader', heading: 'Ask about these recipes', placeholder: 'Ask about an example…', suggestions: JSON.stringify(['How do I find the most common words?']),
    // Grounded in this site: its instructions file, its skill index and its own pages (web_fetch: this origin only).
    instructions: './agent-instructions.md',
    persona: 'You are the reading companion of the "Shell text recipes" documentation.',
    skills: './skills/index.json',
    'web-fetch': 'self',
    // The site's Pagefind index (`npm run build` makes it; the dev server has none, so the agent falls back to llms.txt).
    'site-search': '/pagefind/',
    ...(gateway ? { provider: 'gateway', gateway } : {}),
  },
})
