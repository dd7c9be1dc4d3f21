import 'reflect-metadata';
import { EnvReader, runService, startWorkerProcess } from '@pvs/runtime';
import { MatcherModule } from './matcher.module';
import { loadMatcherSettings } from './matcher-settings';

/** The matcher as its own process (distributed mode). */
runService('matcher', (logger) => startWorkerProcess('matcher', MatcherModule.register(loadMatcherSettings(new EnvReader(process.env))), logger));
