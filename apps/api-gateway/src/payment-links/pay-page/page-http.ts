import { pageHeaders } from '../../http/page-headers';
import { Paisa } from '@pvs/contracts';

/** Every payer's page: forms posted to itself only, and a status never cached. */
export const PAGE_HEADERS = pageHeaders("'self'");

/** Rupees with two decimals (`4500.00`), thousands separated for people (`4,500.00`). */
export function rupees(paisa: Paisa, grouped = true): string {
  const whole = String(Math.floor(paisa / 100));
  const decimals = String(paisa % 100).padStart(2, '0');
  return `${grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole}.${decimals}`;
}
