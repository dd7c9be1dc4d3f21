import { Injectable, NotFoundException, PipeTransform } from '@nestjs/common';
import { isUuid } from './query-params';

/** A path id that is not a UUID cannot name anything: 404, as for an unknown one. */
@Injectable()
export class UuidOrNotFoundPipe implements PipeTransform<string, string> {
  constructor(private readonly what = 'Resource') {}

  transform(value: string): string {
    if (!isUuid(value)) throw new NotFoundException(`${this.what} not found`);
    return value.toLowerCase();
  }
}
