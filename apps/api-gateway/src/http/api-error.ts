import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { TextProperty } from '@pvs/contracts/http';

/** The error body of every endpoint (spec 2.7). */
@ApiSchema({ name: 'ErrorResponse' })
export class ErrorResponse {
  @ApiProperty({ type: Boolean, enum: [false] }) readonly success!: false;
  @TextProperty() readonly message!: string;

  static of(message: string): ErrorResponse {
    return { success: false, message };
  }
}
