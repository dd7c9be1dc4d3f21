import 'reflect-metadata';
import { EnvReader, previousSecretsKeys, requiredSecretsKey, runService, startWorkerProcess } from '@pvs/runtime';
import { SecretBox } from '@pvs/tenants';
import { NotifierModule } from './notifier.module';
import { loadNotifierSettings } from './notifier-settings';

/** The notifier as its own process (distributed mode). */
runService('notifier', (logger) => {
  const read = new EnvReader(process.env);
  const secretBox = new SecretBox(requiredSecretsKey(read), previousSecretsKeys(read));
  return startWorkerProcess('notifier', NotifierModule.register({ ...loadNotifierSettings(read), secretBox }), logger, { consumesBus: true });
});
