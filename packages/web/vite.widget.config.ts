import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig } from 'vite'
import { precompress } from './precompress'

/**
 * The embeddable chat widget: one self-contained script (`dist/widget.js`) that tenants load on their own sites.
 * Preact instead of React keeps it small; it runs after the dashboard's build, so the dashboard's
 * `emptyOutDir` does not remove it.
 */
export default defineConfig({
  // Vite 8 transforms with Oxc: JSX in the widget's files targets Preact's automatic runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // The contracts are read from source: the widget imports types and a few constants from them.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  plugins: [precompress()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2019',
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('./widget/main.tsx', import.meta.url)),
      name: 'ProximaWidget',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
  },
})
