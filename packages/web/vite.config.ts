import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'
import { precompress } from './precompress'

/** The API server that the dev server forwards API, session-check, docs and health requests to. */
const apiTarget = 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/auth/checktokenexpiry': { target: apiTarget },
      '/docs': { target: apiTarget },
      '/healthz': { target: apiTarget },
    },
  },
})
