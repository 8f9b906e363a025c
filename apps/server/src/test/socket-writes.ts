// Counts writes to every socket of this process while `counting()` holds: how many writes the
// statements sent to PostgreSQL took (decision 0027). Tests through app.inject use no sockets of
// their own, so what is counted is the database's. `restore()` puts the socket methods back.
import net from 'node:net';

export function countSocketWrites(counting: () => boolean = () => true) {
  const socket = net.Socket.prototype as unknown as Record<
    '_write' | '_writev',
    (...a: unknown[]) => unknown
  >;
  const original = { _write: socket._write, _writev: socket._writev };
  const counter = {
    writes: 0,
    restore: () => Object.assign(socket, original),
  };
  for (const key of ['_write', '_writev'] as const) {
    socket[key] = function (this: unknown, ...args: unknown[]) {
      if (counting()) counter.writes++;
      return original[key].apply(this, args);
    };
  }
  return counter;
}
