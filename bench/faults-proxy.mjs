// A TCP proxy between the agents and the server that a fault run can make misbehave the way
// real networks do: cut every connection in the middle of a frame (a laptop's Wi-Fi going), or
// stall it (bytes held for a while, then delivered or cut). It forwards chunks by hand rather
// than with pipe() so that a cut can forward part of a chunk and then drop the rest.
import net from 'node:net';

/** Starts the proxy on a free loopback port, forwarding to `target` (host:port). */
export async function startFaultyProxy(targetPort) {
  const pairs = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
    const pair = { client, upstream, cutMidFrame: false, heldUntil: 0, held: [] };
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    const forward = (from, to) =>
      from.on('data', (chunk) => {
        if (pair.cutMidFrame) {
          // Part of this frame goes through, the rest never does: the receiver reads half a message.
          to.write(chunk.subarray(0, Math.max(1, Math.floor(chunk.length / 2))), close);
          return;
        }
        if (Date.now() < pair.heldUntil) {
          pair.held.push([to, chunk]);
          return;
        }
        to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const counts = { cuts: 0, stalls: 0 };
  return {
    port: server.address().port,
    counts,
    /** Every open connection is cut at its next chunk, halfway through it. */
    cutMidFrame() {
      for (const pair of pairs) pair.cutMidFrame = true;
      counts.cuts += pairs.size;
    },
    /** Every open connection holds its bytes for `ms`, then delivers them in order (or is cut, with `thenCut`). */
    stall(ms, { thenCut = false } = {}) {
      const until = Date.now() + ms;
      for (const pair of pairs) pair.heldUntil = until;
      counts.stalls += pairs.size;
      setTimeout(() => {
        for (const pair of pairs) {
          if (thenCut) {
            pair.client.destroy();
            pair.upstream.destroy();
            continue;
          }
          for (const [to, chunk] of pair.held.splice(0)) to.write(chunk);
        }
      }, ms).unref();
    },
    get connections() {
      return pairs.size;
    },
    close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
