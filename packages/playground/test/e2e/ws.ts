/** A minimal RFC 6455 WebSocket echo endpoint on a node:http server (text frames, close, ping). Test-only. */
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

export interface WsConnection {
  url: string;
  protocols: string[];
  chosen?: string;
  messages: string[];
}

function frame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  const head =
    len < 126
      ? Buffer.from([0x80 | opcode, len])
      : len < 65536
        ? Buffer.from([0x80 | opcode, 126, len >> 8, len & 255])
        : (() => {
            const b = Buffer.alloc(10);
            b[0] = 0x80 | opcode;
            b[1] = 127;
            b.writeBigUInt64BE(BigInt(len), 2);
            return b;
          })();
  return Buffer.concat([head, payload]);
}

/** Echo `{"echo": <text>}` for each text frame; records connections. */
export function attachWebSocketEcho(server: Server, log: WsConnection[]): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    const key = req.headers['sec-websocket-key'];
    if (!key || req.headers.upgrade?.toLowerCase() !== 'websocket') return socket.destroy();
    const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const conn: WsConnection = { url: req.url ?? '', protocols, messages: [] };
    if (protocols[0]) conn.chosen = protocols[0];
    log.push(conn);
    const accept = createHash('sha1')
      .update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11')
      .digest('base64');
    socket.write(
      [
        'HTTP/1.1 101 Switching Protocols',
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Accept: ${accept}`,
        ...(conn.chosen ? [`Sec-WebSocket-Protocol: ${conn.chosen}`] : []),
        '',
        '',
      ].join('\r\n'),
    );
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (buf.length < 2) return;
        const opcode = buf[0]! & 0x0f;
        let len = buf[1]! & 0x7f;
        let off = 2;
        if (len === 126) {
          if (buf.length < 4) return;
          len = buf.readUInt16BE(2);
          off = 4;
        } else if (len === 127) {
          if (buf.length < 10) return;
          len = Number(buf.readBigUInt64BE(2));
          off = 10;
        }
        const masked = (buf[1]! & 0x80) !== 0;
        const total = off + (masked ? 4 : 0) + len;
        if (buf.length < total) return;
        const mask = masked ? buf.subarray(off, off + 4) : undefined;
        const payload = Buffer.from(buf.subarray(off + (masked ? 4 : 0), total));
        if (mask) for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i % 4]!;
        buf = buf.subarray(total);
        if (opcode === 0x1) {
          const text = payload.toString('utf8');
          conn.messages.push(text);
          socket.write(frame(0x1, Buffer.from(JSON.stringify({ echo: text }))));
        } else if (opcode === 0x8) {
          socket.end(frame(0x8, payload.subarray(0, 2)));
          return;
        } else if (opcode === 0x9) socket.write(frame(0xa, payload));
      }
    });
    socket.on('error', () => socket.destroy());
  });
}
