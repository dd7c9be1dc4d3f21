import { SmsParseResult } from '../../sms.types';
import banks from './banks.json';
import rejections from './rejections.json';
import walletOne from './wallet-one.json';
import walletTwo from './wallet-two.json';

export interface CorpusCase {
  readonly name: string;
  readonly sender: string;
  readonly body: string;
  readonly receivedAt?: string;
  readonly expected: SmsParseResult;
}

/** Realistic forwarded SMS with invented names and numbers, each with the exact result the parser must give. */
export const CORPUS: readonly CorpusCase[] = [walletOne, walletTwo, banks, rejections].flat() as readonly CorpusCase[];
