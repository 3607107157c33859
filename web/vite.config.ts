import { defineConfig } from 'vite';

/** The dashboard: built into web/dist at install, served by `geolens serve` at `/`. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: false, reportCompressedSize: false },
});
