// Subject sources that misbehave, on one loopback server: each answers under its own path prefix
// (`/<kind>/rest.php/...`) and every request is recorded with its headers.
import { createServer } from 'node:http';

export const TEN_MB = 10 * 1024 * 1024;

export class FakeSources {
  requests = [];

  async start() {
    this.server = createServer((request, response) => {
      this.requests.push({ url: request.url, headers: request.headers });
      const kind = request.url.split('/')[1];
      if (kind === 'slow') {
        // Never answers: the client's deadline ends the exchange.
        request.socket.on('close', () => response.destroy());
        return;
      }
      if (kind === 'broken') return response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
      if (kind === 'big') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(Buffer.alloc(TEN_MB, 0x20));
      }
      if (kind === 'moved') return response.writeHead(302, { location: `http://127.0.0.2:9/elsewhere${request.url}` }).end();
      if (kind === 'garbage') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not a Subject</html>');
      response.writeHead(404).end();
    });
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${this.server.address().port}`;
    return this;
  }

  /** The source registration of one kind. */
  source(kind, extra = {}) {
    return { baseUrl: `${this.url}/${kind}/rest.php`, ...extra };
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
