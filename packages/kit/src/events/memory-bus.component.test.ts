import { openDatabase } from '../db.ts';
import { eventBusContract } from './contract.ts';
import { MemoryEventBus } from './memory-bus.ts';

eventBusContract(
  'in-process',
  (namespace) => new MemoryEventBus({ prefix: namespace }),
  () => openDatabase({ url: 'memory://', dataDir: '' }),
  { deliveryTimeoutMs: 2000 },
);
