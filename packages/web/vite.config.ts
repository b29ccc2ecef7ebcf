import react from '@vitejs/plugin-react'
import { resolve } from 'node:path'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import { precompress } from './precompress'
import { isAuthPage } from './src/features/auth/paths'

/** The API server that the dev server forwards API, session-check, docs and health requests to. */
const apiTarget = 'http://localhost:3000'

/**
 * The dev server answers the public credential pages with auth.html and public survey links (`/s/<key>`) with
 * survey.html, as the API server does with the build: they are pages of their own (auth-main.tsx, survey-main.tsx),
 * every other page is the dashboard (index.html).
 */
const credentialPages = (): Plugin => ({
  name: 'proxima-credential-pages',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [path = '/', query] = (req.url ?? '/').split('?', 2)
      const page = isAuthPage(path) ? '/auth.html' : path.startsWith('/s/') ? '/survey.html' : null
      if ((req.method === 'GET' || req.method === 'HEAD') && page)
        req.url = `${page}${query === undefined ? '' : `?${query}`}`
      next()
    })
  },
})

export default defineConfig({
  plugins: [react(), credentialPages(), precompress()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Three pages: the dashboard, and the light sign-in and survey pages that load none of its router, store or
      // query cache.
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        auth: resolve(import.meta.dirname, 'auth.html'),
        survey: resolve(import.meta.dirname, 'survey.html'),
      },
      output: {
        // MUI's input parts in one chunk: the survey page uses only some of those the sign-in page does, and without
        // this group they fall into several small chunks that compress worse (the sign-in page's budget,
        // e2e/first-load.spec.ts).
        codeSplitting: {
          groups: [
            {
              name: 'inputs',
              test: /node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?(InputLabel|OutlinedInput|InputBase|FormControl|FormLabel|FormHelperText)[\\/]/,
            },
          ],
        },
      },
    },
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
