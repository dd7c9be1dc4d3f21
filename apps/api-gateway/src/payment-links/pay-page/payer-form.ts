import { pkrToPaisa } from '@pvs/contracts';
import { PaymentLink, amountToPay } from '@pvs/domain';
import { plainTextProblem } from '../../http/plain-text';
import { PayerSubmission } from '../pay-through-link/pay-through-link.handler';
import { PayerForm } from './pay-page.view';
import { PayProblem } from './texts';

const field = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** Rupees as payers write them: digits, perhaps thousands separated by commas, perhaps paisa after a point. */
const RUPEES = /^\d{1,3}(?:,?\d{3})*(?:\.\d{1,2})?$|^\d+(?:\.\d{1,2})?$/;
/** A mobile number as payers write it: digits, perhaps a leading +, spaces or dashes between. */
const PHONE = /^\+?\d(?:[\s-]?\d){6,14}$/;

/** A payer's form read against the link: what to register, or the first problem with it (and the form as typed). */
export function readPayerForm(body: Record<string, unknown>, link: PaymentLink): { readonly submission: PayerSubmission } | { readonly problem: PayProblem; readonly form: PayerForm } {
  const form: PayerForm = { gateway: field(body, 'gateway'), transactionId: field(body, 'transaction_id'), amount: field(body, 'amount'), name: field(body, 'name'), phone: field(body, 'phone') };
  const refused = (problem: PayProblem) => ({ problem, form });
  const gateway = link.gateways.length === 1 && form.gateway === '' ? link.gateways[0] : link.gateways.find((offered) => offered === form.gateway);
  if (!gateway) return refused('choose_gateway');
  if (form.transactionId === '') return refused('enter_transaction_id');
  if (plainTextProblem(form.transactionId, 'identifier', 1, 64) !== null) return refused('transaction_id_invalid');
  let amountPaisa: number | null = null;
  if (link.amount.amountPaisa === null) {
    if (form.amount === '') return refused('enter_amount');
    const entered = RUPEES.test(form.amount) ? pkrToPaisa(Number(form.amount.replace(/,/g, ''))) : null;
    if (entered === null || amountToPay(link, entered) === null) return refused('amount_out_of_range');
    amountPaisa = entered;
  }
  if (form.name !== '' && plainTextProblem(form.name, 'name', 1, 100) !== null) return refused('name_invalid');
  if (form.phone !== '' && !PHONE.test(form.phone)) return refused('phone_invalid');
  return {
    submission: {
      gateway,
      transactionReference: form.transactionId,
      amountPaisa,
      payerName: form.name === '' ? null : form.name,
      payerPhone: form.phone === '' ? null : form.phone.replace(/[\s-]/g, ''),
    },
  };
}
