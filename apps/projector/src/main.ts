import 'reflect-metadata';
import { runService, startWorkerProcess } from '@pvs/runtime';
import { ProjectorModule } from './projector.module';

/** The projector as its own process (distributed mode). */
runService('projector', (logger) => startWorkerProcess('projector', ProjectorModule, logger));
