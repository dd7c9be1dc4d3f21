import { paymentBlock } from '@pvs/domain';
import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { AuthenticatedRequest } from './authenticated-request';

/** 402 for a suspended tenant or one at its unpaid-cycle limit (spec 4.1). Runs after ApiKeyGuard. */
@Injectable()
export class PaymentsAllowedGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const block = paymentBlock(context.switchToHttp().getRequest<AuthenticatedRequest>().tenant);
    if (block) throw new HttpException(block, HttpStatus.PAYMENT_REQUIRED);
    return true;
  }
}
