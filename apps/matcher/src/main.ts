import './tracing';
import 'reflect-metadata';
import { EnvReader, runService } from '@pvs/runtime';
import { startWorkerProcess } from '@pvs/boot';
import { loadMatcherSettings } from './matcher-settings';
import { MatcherModule } from './matcher.module';

/** The matcher as its own process (distributed mode). */
runService('matcher', (logger) => startWorkerProcess('matcher', MatcherModule.register(loadMatcherSettings(new EnvReader(process.env))), logger));
