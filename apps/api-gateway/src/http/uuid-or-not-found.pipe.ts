import { Injectable, NotFoundException, PipeTransform } from '@nestjs/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID cannot name anything: 404, as for an unknown one. */
@Injectable()
export class UuidOrNotFoundPipe implements PipeTransform<string, string> {
  constructor(private readonly what = 'Resource') {}

  transform(value: string): string {
    if (!UUID.test(value)) throw new NotFoundException(`${this.what} not found`);
    return value.toLowerCase();
  }
}
