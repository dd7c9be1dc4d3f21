import { isFragment } from './fragments';

describe('isFragment', () => {
  it.each([
    'Rs 5 received (1/2)',
    '(1/2)',
    'Rs 5 received 1/2',
    'Rs 5 received [2/2]',
    '(2/2) TID 716204418853 Rs 5',
    '[1/3] Rs 5 received',
    '1/2 Rs 5 received',
    'Ref#716204418853 credited',
    'part 1 of 2 Rs 5 received',
    'Rs 5 received...',
    'Rs 5 received…',
    'Rs 5 received from',
    'Rs 5 received in your account via',
    'Rs 5 received. TID:',
    'Rs 5 received. Ref #',
    'Rs 5 received from ALI,',
    'Rs 5 received (',
    'TID: 716204418853',
    'Trx ID 5944229251 balance',
  ])('%s is a fragment', (text) => {
    expect(isFragment(text)).toBe(true);
  });

  it.each([
    'Rs 5 received. Dial *786#',
    'You have received Rs 50,000.00 from Meezan Transfer in your Easypaisa account.',
    'Rs 5 received in your account',
    'Received Rupees 15,500. Transaction ID: 718499201776',
    'TID 7162 Rs1500 received',
    'موصول 1,500 روپے TID 716204418853',
    'Rs 5 received from ALI. Thank you',
    'Rs 5 received on 1/12',
  ])('%s is whole', (text) => {
    expect(isFragment(text)).toBe(false);
  });
});
