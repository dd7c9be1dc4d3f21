import { failedAttemptsContract } from './testing/failed-attempts.contract';
import { MemoryFailedAttempts } from './memory-failed-attempts';

describe('MemoryFailedAttempts', () => {
  failedAttemptsContract(async () => ({ attempts: new MemoryFailedAttempts(), key: (name) => name }));
});
