/**
 * Demo page entry: registers the elements and mounts a keyless `<dsh-agent>` driven by the
 * scripted model, so the demo runs with no API key and no network. Plane: main.
 * @module demo/main
 */
import '../components/index.ts'
import script from './demo-script.json'

const agent = document.createElement('dsh-agent')
agent.setAttribute('provider', 'scripted')
agent.setAttribute('permissions', 'ask')
agent.setAttribute('script', JSON.stringify(script))
agent.setAttribute('workspace', JSON.stringify({ 'README.md': '# Demo workspace\n\nAsk the agent to write and run a script.\n' }))
agent.setAttribute('lang', new URLSearchParams(location.search).get('lang') === 'zh' ? 'zh' : 'en')
agent.addEventListener('dsh-ready', () => document.body.setAttribute('data-ready', ''))
agent.addEventListener('dsh-error', (event) => {
  const status = document.getElementById('status')
  if (status) status.textContent = `${event.detail.code}: ${event.detail.message}`
})
document.getElementById('agent-slot')?.replaceWith(agent)
