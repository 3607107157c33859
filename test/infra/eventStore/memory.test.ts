import { MemoryEventStore } from '../../support/memoryEventStore.js';
import { eventStoreContract } from './contract.js';

eventStoreContract(
  'in-memory',
  async () => new MemoryEventStore(),
  (store) => store.close(),
);
