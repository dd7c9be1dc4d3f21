import { uuidV5 } from './uuid-v5';

const DNS_NAMESPACE = Buffer.from('6ba7b8109dad11d180b400c04fd430c8', 'hex');

describe('uuidV5', () => {
  it("gives RFC 9562's own example (appendix A.4): www.example.com in the DNS namespace", () => {
    expect(uuidV5(DNS_NAMESPACE, 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });
});
