/**
 * The dashboard's build (`npm run build:dashboard`): dashboard/ → dashboard/dist, served by Fastify at
 * /app (server/routes/dashboard-app.ts) under a CSP with no `'unsafe-inline'`. So the output is external
 * files only (no inline script, no inline style, no modulepreload polyfill snippet), content-hashed under
 * /app/assets/, and deterministic: the same source builds the same bytes (CI rebuilds and diffs it).
 */
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'dashboard',
  base: '/app/',
  publicDir: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
    rollupOptions: {
      // TanStack Query marks its modules "use client" for React Server Components; a client bundle has none.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
