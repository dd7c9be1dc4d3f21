import './tracing';
import 'reflect-metadata';
import { runService } from '@pvs/runtime';
import { startWorkerProcess } from '@pvs/boot';
import { ProjectorModule } from './projector.module';

/** The projector as its own process (distributed mode). */
runService('projector', (logger) => startWorkerProcess('projector', ProjectorModule, logger));
