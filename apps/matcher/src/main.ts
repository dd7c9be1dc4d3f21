import './tracing';
import 'reflect-metadata';
import { EnvReader, previousSecretsKeys, requiredSecretsKey, runService } from '@pvs/runtime';
import { startWorkerProcess } from '@pvs/boot';
import { SecretBox } from '@pvs/tenants';
import { loadMatcherSettings } from './matcher-settings';
import { MatcherModule } from './matcher.module';

/** The matcher as its own process (distributed mode). */
runService('matcher', (logger) => {
  const read = new EnvReader(process.env);
  const secretBox = new SecretBox(requiredSecretsKey(read), previousSecretsKeys(read));
  return startWorkerProcess('matcher', MatcherModule.register({ ...loadMatcherSettings(read), secretBox }), logger);
});
