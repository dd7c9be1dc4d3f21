import { RecordedEvent } from '../event-store.port';
import { StreamCache } from './stream-cache';

const event = (streamName: string, streamVersion: number): RecordedEvent => ({
  id: `${streamName}-${streamVersion}`,
  streamName,
  streamVersion,
  position: streamVersion,
  checkpoint: String(streamVersion),
  type: 'Thing',
  data: {},
  metadata: { correlationId: 'c' },
  recordedAt: new Date(0),
});

describe('StreamCache', () => {
  it('serves a stream as last read until an append to it begins, and not again until it is read again', () => {
    const cache = new StreamCache();
    cache.remember('a', [event('a', 1)], cache.readBegins());
    expect(cache.get('a')?.map((e) => e.streamVersion)).toEqual([1]);

    cache.began(['a']);
    expect(cache.get('a')).toBeUndefined();
    cache.remember('a', [event('a', 1)], cache.readBegins()); // read while the append runs: not kept
    expect(cache.get('a')).toBeUndefined();
    cache.ended(['a']);
    expect(cache.get('a')).toBeUndefined();

    cache.remember('a', [event('a', 1), event('a', 2)], cache.readBegins());
    expect(cache.get('a')?.map((e) => e.streamVersion)).toEqual([1, 2]);
  });

  it('keeps no read that began before an append to its stream began or ended', () => {
    const cache = new StreamCache();
    const beforeBoth = cache.readBegins();
    cache.began(['a']);
    const during = cache.readBegins();
    cache.ended(['a']);
    cache.remember('a', [event('a', 1)], beforeBoth);
    cache.remember('a', [event('a', 1)], during);
    expect(cache.get('a')).toBeUndefined();
    // Other streams are not concerned.
    cache.remember('b', [event('b', 1)], beforeBoth);
    expect(cache.get('b')).toHaveLength(1);
  });

  it('counts overlapping appends to one stream: it is served again only after the last ends and a new read', () => {
    const cache = new StreamCache();
    cache.began(['a']);
    cache.began(['a', 'b']);
    cache.ended(['a']);
    cache.remember('a', [], cache.readBegins());
    expect(cache.get('a')).toBeUndefined();
    cache.ended(['a', 'b']);
    cache.remember('a', [], cache.readBegins());
    expect(cache.get('a')).toEqual([]);
  });

  it('forgets the least recently used streams past its capacity, and then trusts no read older than that', () => {
    const cache = new StreamCache(2);
    cache.remember('a', [event('a', 1)], cache.readBegins());
    cache.remember('b', [event('b', 1)], cache.readBegins());
    cache.get('a');
    cache.remember('c', [event('c', 1)], cache.readBegins());
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((events) => events?.length)).toEqual([1, undefined, 1]);

    const old = cache.readBegins();
    cache.began(['x']);
    cache.ended(['x']);
    cache.began(['y']);
    cache.ended(['y']);
    cache.began(['z']); // the appends remembered overflow: whether 'x' was touched after `old` is forgotten
    cache.ended(['z']);
    cache.remember('x', [], old);
    cache.remember('w', [], old);
    expect([cache.get('x'), cache.get('w')]).toEqual([undefined, undefined]);
  });

  it('hands out frozen events, so no reader can change what the others are served', () => {
    const cache = new StreamCache();
    cache.remember('a', [event('a', 1)], cache.readBegins());
    const [cached] = cache.get('a') ?? [];
    expect(Object.isFrozen(cached)).toBe(true);
  });
});
