/**
 * Test-only page for bench/embed.bench.ts: exactly what a host page loads to embed the agent (the
 * element registrations), so the build's manifest names the page-side chunks and the lazy ones.
 * Plane: main; bench only.
 * @module demo/bench-pages/embed
 */
import '../../components/index.ts'

document.body.dataset.ready = 'true'
