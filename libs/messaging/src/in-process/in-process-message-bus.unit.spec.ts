import { BusMessage } from '../message-bus.port';
import { InProcessMessageBus } from './in-process-message-bus';

const message = (id: string): BusMessage => ({ topic: 'payments', key: 'p1', id, payload: { id } });

describe('InProcessMessageBus', () => {
  it('delivers each message to every group of its topic before publish resolves', async () => {
    const bus = new InProcessMessageBus();
    const seen: string[] = [];
    await bus.subscribe('payments', 'notifier', async (m) => void seen.push(`notifier:${m.id}`));
    await bus.subscribe('payments', 'audit', async (m) => void seen.push(`audit:${m.id}`));
    await bus.subscribe('other', 'notifier', async (m) => void seen.push(`other:${m.id}`));
    await bus.publish(message('m1'));
    expect(seen.sort()).toEqual(['audit:m1', 'notifier:m1']);
  });

  it('fails publish when a handler fails, and answers pings until closed', async () => {
    const bus = new InProcessMessageBus();
    await bus.subscribe('payments', 'notifier', async () => {
      throw new Error('handler down');
    });
    await expect(bus.publish(message('m2'))).rejects.toThrow('handler down');
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.close();
    await expect(bus.ping()).rejects.toThrow('closed');
  });
});
