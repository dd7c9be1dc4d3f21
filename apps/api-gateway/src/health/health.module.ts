import { Module } from '@nestjs/common';
import { HealthHttpController } from './health.http.controller';

/** The public health probe. */
@Module({ controllers: [HealthHttpController] })
export class HealthModule {}
