import { SmsTemplate, TemplateExample } from '../templates/template';
import { normalizeText } from '../normalise/text';

const group = (rupees: number, separator: string): string => String(rupees).replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** Writes paisa the way the example writes its amount: same grouping mark, decimals and `/-` suffix. */
export function writeMoneyLike(example: string, paisa: number): string {
  const rupees = Math.floor(paisa / 100);
  const fraction = String(paisa % 100).padStart(2, '0');
  if (example.endsWith('/-')) return `${group(rupees, ',')}/-`;
  if ((example.match(/\./g) ?? []).length > 1) return `${group(rupees, '.')}.${fraction}`;
  const separator = example.includes(',') ? ',' : '';
  const hasFraction = /\.\d{1,2}$/.test(example);
  return `${group(rupees, separator)}${hasFraction ? `.${fraction}` : ''}`;
}

export function writesWholeRupees(example: string): boolean {
  return !/\.\d{1,2}$/.test(example.replace(/\/-$/, ''));
}

/** A template's example with a different amount and reference put in place of the example's own. */
export function renderExample(example: TemplateExample, paisa: number, reference: string | null): string {
  let text = normalizeText(example.text).replace(example.amount, writeMoneyLike(example.amount, paisa));
  if (example.reference !== null && reference !== null) text = text.replace(example.reference, reference);
  return text;
}

export function examplesOf(templates: readonly SmsTemplate[]): readonly { template: SmsTemplate; example: TemplateExample }[] {
  return templates.flatMap((template) => template.examples.map((example) => ({ template, example })));
}
