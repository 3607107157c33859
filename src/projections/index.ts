import type { Projection } from './runner/projection.js';

/** Every projection the service runs. */
export const allProjections: readonly Projection[] = [];
