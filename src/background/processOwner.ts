import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** Names the process holding a lease or a projection: its role, host, pid and a random suffix. */
export const processOwner = (role: string): string => `${role}:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
