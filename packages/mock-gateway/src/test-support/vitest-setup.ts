/** Vitest setup (vite.config.ts, every worker): test gateways use the run's database choice (test-stores.ts). */
import { useTestStores } from '../test-harness';
import { testStore } from './test-stores';

useTestStores(testStore);
