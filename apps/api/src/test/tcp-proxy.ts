import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the app and a server (PostgreSQL, Redis) that the test controls: `cut` is the
 * server going away (open connections cut, new ones refused), `stall` a server that accepts and never
 * answers, `freeze` the open connections going quiet (nothing cut, bytes held back like a network
 * that stops delivering), `restore` the server back on the same address (held bytes delivered).
 * The server itself is never touched.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const links = new Set<{ client: Socket; upstream: Socket }>();
  let stalled = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server: Server = createServer((client) => {
    track(client);
    if (stalled) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    const link = { client, upstream };
    links.add(link);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      client.destroy();
      links.delete(link);
    });
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const cutAll = () => sockets.forEach((socket) => socket.destroy());
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      cutAll();
      await closed;
    },
    stall() {
      stalled = true;
      cutAll();
    },
    freeze() {
      for (const { client, upstream } of links) {
        client.unpipe(upstream).pause();
        upstream.unpipe(client).pause();
      }
    },
    async restore() {
      for (const { client, upstream } of links) if (!client.readableFlowing) client.pipe(upstream).pipe(client);
      stalled = false;
      if (!server.listening) await listen(port);
    },
    async close() {
      await this.cut().catch(() => undefined);
    },
  };
}
