import './tracing';
import 'reflect-metadata';
import { EnvReader, previousSecretsKeys, requiredSecretsKey, runService } from '@pvs/runtime';
import { startWorkerProcess } from '@pvs/boot';
import { SecretBox } from '@pvs/tenants';
import { loadNotifierSettings } from './notifier-settings';
import { NotifierModule } from './notifier.module';

/** The notifier as its own process (distributed mode). */
runService('notifier', (logger) => {
  const read = new EnvReader(process.env);
  const secretBox = new SecretBox(requiredSecretsKey(read), previousSecretsKeys(read));
  return startWorkerProcess('notifier', NotifierModule.register({ ...loadNotifierSettings(read), secretBox }), logger, { consumesBus: true });
});
