/**
 * Playwright configuration for the browser specs (`test/**\/*.browser.spec.ts`): a real Chromium
 * found by scripts/test.mjs (CHROMIUM_PATH), never downloaded, against a production build served
 * by a fresh `vite preview` on 127.0.0.1:4173 (PREVIEW_PORT moves it; BASE_URL tests a running server),
 * after the embed build the embed specs load from dist/.
 */
import { defineConfig } from '@playwright/test'

const port = Number(process.env.PREVIEW_PORT ?? 4173)
const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${port}`
const vite = 'node node_modules/vite/bin/vite.js'

export default defineConfig({
  testDir: 'test',
  testMatch: '**/*.browser.spec.ts',
  timeout: 60_000,
  workers: 2,
  // On the 2-vCPU CI machine a browser test that loses a timing race under load gets one retry;
  // scripts/test.mjs reports every such flaky test by name, so a retry never hides one.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: process.env.BASE_URL
    ? undefined
    : {
        // The demo build (served) and the embed builds (dist/dsh-agent.js and dist/dsh-workspace.js, served by the embed specs' own static servers).
        command: `${vite} build && ${vite} build -c vite.embed.config.ts && ${vite} build -c vite.workspace.config.ts && ${vite} preview --host 127.0.0.1 --port ${port} --strictPort`,
        url: baseURL,
        reuseExistingServer: false,
        timeout: 120_000,
      },
})
