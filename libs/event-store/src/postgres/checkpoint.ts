import { Checkpoint } from '../event-store.port';

const WIDTH = 20;

/** `<transaction id>:<global position>`, zero-padded so checkpoints order as strings. */
export function toCheckpoint(transactionId: string, position: number): Checkpoint {
  return `${transactionId.padStart(WIDTH, '0')}:${String(position).padStart(WIDTH, '0')}`;
}

export function fromCheckpoint(checkpoint: Checkpoint | null | undefined): { transactionId: string; position: string } {
  if (!checkpoint) return { transactionId: '0', position: '0' };
  const match = /^(\d{1,20}):(\d{1,20})$/.exec(checkpoint);
  if (!match) throw new Error(`Not a PostgreSQL event store checkpoint: ${checkpoint}`);
  return { transactionId: match[1].replace(/^0+(?=\d)/, ''), position: match[2].replace(/^0+(?=\d)/, '') };
}
