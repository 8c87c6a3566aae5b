/**
 * Docs embed demo: renders the examples as a documentation page and mounts a `<dsh-agent>` whose
 * workspace holds the same files. Plane: main; demo code only.
 * @module demo/docs/main
 */
import { byId, mountDemoAgent } from '../shared/mount-agent.ts'
import { exampleFiles, examples } from './examples.ts'
import script from './script.json'

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
mountDemoAgent({
  script, workspace: exampleFiles, workspaceId: 'docs', slot: byId('agent-slot'), status: byId('status'),
  attributes: { controls: 'reader', heading: 'Ask about these recipes', placeholder: 'Ask about an example…', suggestions: JSON.stringify(['What does the top-words example print?']) },
})
