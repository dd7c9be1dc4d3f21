import 'reflect-metadata';
import { EnvReader, requiredSecretsKey, runService, startWorkerProcess } from '@pvs/runtime';
import { SecretBox } from '@pvs/tenants';
import { NotifierModule } from './notifier.module';
import { loadNotifierSettings } from './notifier-settings';

/** The notifier as its own process (distributed mode). */
runService('notifier', (logger) => {
  const read = new EnvReader(process.env);
  return startWorkerProcess('notifier', NotifierModule.register({ ...loadNotifierSettings(read), secretBox: new SecretBox(requiredSecretsKey(read)) }), logger);
});
