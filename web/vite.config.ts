import { defineConfig } from 'vite';

/** The dashboard (contract.md section 12): built into web/dist at install, served by `geolens serve` at `/`. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: false, reportCompressedSize: false },
});
