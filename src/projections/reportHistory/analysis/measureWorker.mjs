// Entry of an analysis worker thread. geolens runs its TypeScript sources through tsx, and a worker thread
// inherits no loader registered at run time (bin/geolens registers tsx so): it registers one when the
// TypeScript module cannot be loaded without.
let loaded;
try {
  loaded = await import('./measureWorker.ts');
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { register } = await import('tsx/esm/api');
  register();
  // A failed import stays failed under its specifier: ask again under another one.
  loaded = await import('./measureWorker.ts?registered');
}
export default loaded.default;
